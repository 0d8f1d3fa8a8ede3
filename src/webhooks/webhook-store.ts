/** Queries on webhook endpoints, deliveries and attempts. Tenant-facing lookups are scoped to the tenant. */
import { and, arrayContains, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { keyset, type KeysetWindow } from '../db/keyset.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export async function insertEndpoint(db: Executor, row: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

/** The tenant's live (not deleted) endpoints, oldest first. */
export async function listEndpoints(db: Executor, tenantId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

/** The tenant's live endpoint `id`. */
export async function findEndpoint(db: Executor, tenantId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.tenantId, tenantId), isNull(webhookEndpoints.deletedAt)));
  return row;
}

/** Applies `patch` to the tenant's live endpoint `id`; undefined when there is none. */
export async function updateEndpoint(
  db: Executor,
  tenantId: string,
  id: string,
  patch: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.tenantId, tenantId), isNull(webhookEndpoints.deletedAt)))
    .returning();
  return row;
}

// The delivery worker runs these for every event and every attempt: prepared once per
// database, since drizzle otherwise rebuilds each query's SQL (its column lists above all),
// which took a fifth of the gateway's thread while deliveries drained.
const statements = preparedPerDatabase((db) => ({
  endpointsFor: db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.tenantId, sql.placeholder('tenantId')),
        isNull(webhookEndpoints.deletedAt),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.eventTypes, sql`array[${sql.placeholder('eventType')}]::text[]`),
      ),
    )
    .prepare('webhook_endpoints_for'),
  loadDelivery: db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, sql.placeholder('id')))
    .prepare('webhook_load_delivery'),
}));

/** The tenant's enabled endpoints subscribed to `eventType`. */
export async function endpointsFor(db: Db, tenantId: string, eventType: string): Promise<EndpointRow[]> {
  return statements(db).endpointsFor.execute({ tenantId, eventType });
}

/**
 * Inserts deliveries in one statement; returns the ids of those inserted, in
 * no particular order. A row whose event already has a delivery for its
 * endpoint (a re-run fan-out) is skipped.
 */
export async function insertDeliveries(db: Executor, rows: Array<typeof webhookDeliveries.$inferInsert>): Promise<string[]> {
  const inserted = await db.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning({ id: webhookDeliveries.id });
  return inserted.map((row) => row.id);
}

/** A delivery with its endpoint, whatever the tenant (the delivery worker). */
export async function loadDelivery(db: Db, id: string): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | undefined> {
  const [row] = await statements(db).loadDelivery.execute({ id });
  return row;
}

export async function updateDelivery(
  db: Executor,
  id: string,
  patch: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<DeliveryRow> {
  const [row] = await db.update(webhookDeliveries).set(patch).where(eq(webhookDeliveries.id, id)).returning();
  return row!;
}

/** Writes a patch to an endpoint whatever its tenant (the delivery worker's health bookkeeping). */
export async function patchEndpoint(db: Executor, id: string, patch: Partial<typeof webhookEndpoints.$inferInsert>): Promise<void> {
  await db.update(webhookEndpoints).set(patch).where(eq(webhookEndpoints.id, id));
}

/**
 * Records an attempt the endpoint accepted and marks its delivery `succeeded`
 * (`attempts`: the count including this one); with `endpointRecovered`, also
 * ends the endpoint's failure streak. One statement: atomic without a
 * transaction, one round trip where a transaction takes four or five.
 */
export async function recordSuccess(
  db: Db,
  attempt: {
    deliveryId: string;
    attemptedAt: Date;
    httpStatus: number;
    durationMs: number;
    attempts: number;
    firstAttemptAt: Date;
    /** The endpoint whose `failing_since` to clear, when it was failing. */
    endpointRecovered?: string;
  },
): Promise<void> {
  const recovered = attempt.endpointRecovered
    ? sql`, recovered as (update ${webhookEndpoints} set failing_since = null where id = ${attempt.endpointRecovered})`
    : sql``;
  // Dates as text: raw parameters skip drizzle's column mapping, and the postgres.js driver takes no Date.
  await db.execute(sql`
    with attempt as (
      insert into ${webhookAttempts} (delivery_id, attempted_at, http_status, duration_ms)
      values (${attempt.deliveryId}, ${attempt.attemptedAt.toISOString()}, ${attempt.httpStatus}, ${attempt.durationMs})
    )${recovered}
    update ${webhookDeliveries}
       set status = 'succeeded', attempts = ${attempt.attempts}, first_attempt_at = ${attempt.firstAttemptAt.toISOString()}, next_attempt_at = null
     where id = ${attempt.deliveryId}`);
}

export async function insertAttempt(db: Executor, row: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(row);
}

/** The tenant's delivery `id`. */
export async function findDelivery(db: Executor, tenantId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.tenantId, tenantId)));
  return row;
}

/** A keyset window of an endpoint's deliveries (ids are time-ordered), newest first unless `oldestFirst`. */
export type DeliveryWindow = KeysetWindow;

/** The deliveries of endpoint `endpointId` in `window` (its tenant checked by the caller). */
export async function listDeliveries(db: Executor, endpointId: string, window: DeliveryWindow): Promise<DeliveryRow[]> {
  const bounds = keyset(webhookDeliveries.id, window);
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), ...bounds.conditions))
    .orderBy(bounds.order)
    .limit(window.limit);
}

/** The attempts of several deliveries, oldest first, in one query. */
export async function attemptsOf(db: Executor, deliveryIds: readonly string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, [...deliveryIds]))
    .orderBy(asc(webhookAttempts.id));
}
