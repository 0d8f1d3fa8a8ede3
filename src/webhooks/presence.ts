/**
 * Which tenants have live webhook endpoints, cached for a second, so a
 * submission of a tenant without endpoints enqueues no fan-out job. Local
 * endpoint changes invalidate at once; other instances see them within the TTL
 * (an endpoint receives the events that happen after its registration).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { webhookEndpoints } from '../db/schema.ts';

const TTL_MS = 1000;

export interface EndpointPresence {
  /** True when `tenantId` has a live endpoint; queries on `db` (the caller's transaction) when unsure. */
  has(db: Executor, tenantId: string): Promise<boolean>;
  /** Forget what is known of `tenantId` (its endpoints changed). */
  changed(tenantId: string): void;
}

export function endpointPresence(): EndpointPresence {
  const known = new Map<string, { has: boolean; until: number }>();
  return {
    async has(db, tenantId) {
      const now = Date.now();
      const cached = known.get(tenantId);
      if (cached && cached.until > now) return cached.has;
      const rows = await db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.tenantId, tenantId), isNull(webhookEndpoints.deletedAt)))
        .limit(1);
      known.set(tenantId, { has: rows.length > 0, until: now + TTL_MS });
      return rows.length > 0;
    },
    changed(tenantId) {
      known.delete(tenantId);
    },
  };
}
