// The `sellers` table (one row per seller of a tenant, the complete profile as jsonb): the sellers service's queries.
import { and, asc, desc, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { firstAs } from '../../db/first.ts';
import { sellers, submissions } from '../../db/schema.ts';
import type { SellerProfile } from '../../model/seller-profile.ts';

/** A stored seller: its profile, whether it is the tenant's default, and when it was created and last replaced. */
export interface SellerRecord {
  profile: SellerProfile;
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const columns = { profile: sellers.profile, isDefault: sellers.isDefault, createdAt: sellers.createdAt, updatedAt: sellers.updatedAt };

const asRecord = (row: { profile: unknown; isDefault: boolean; createdAt: Date; updatedAt: Date }): SellerRecord => ({
  ...row,
  profile: row.profile as SellerProfile,
});

/** The tenant's seller that meets `where`, or undefined. */
const findOne = (db: Executor, tenantId: string, where: SQL) =>
  firstAs(
    db
      .select(columns)
      .from(sellers)
      .where(and(eq(sellers.tenantId, tenantId), where)),
    asRecord,
  );

/** The tenant's seller `siren`, or undefined. */
export async function findSeller(db: Executor, tenantId: string, siren: string): Promise<SellerRecord | undefined> {
  return findOne(db, tenantId, eq(sellers.siren, siren));
}

/** The tenant's default seller, or undefined when it has no seller. */
export async function findDefaultSeller(db: Executor, tenantId: string): Promise<SellerRecord | undefined> {
  return findOne(db, tenantId, eq(sellers.isDefault, true));
}

/** A window of the tenant's sellers in SIREN order: after (or, backwards, before) a SIREN cursor, at most `limit`. */
export interface SellerWindow {
  after?: string;
  before?: string;
  /** Last first (backward paging). */
  backwards?: boolean;
  limit: number;
}

/** The sellers of `window`, in SIREN order (reversed when `backwards`). */
export async function listSellers(db: Executor, tenantId: string, window: SellerWindow): Promise<SellerRecord[]> {
  const rows = await db
    .select(columns)
    .from(sellers)
    .where(
      and(
        eq(sellers.tenantId, tenantId),
        window.after !== undefined ? gt(sellers.siren, window.after) : undefined,
        window.before !== undefined ? lt(sellers.siren, window.before) : undefined,
      ),
    )
    .orderBy(window.backwards ? desc(sellers.siren) : asc(sellers.siren))
    .limit(window.limit);
  return rows.map(asRecord);
}

/**
 * Inserts the seller; when the tenant has it already, replaces its profile if `replace`, else leaves it (and
 * returns undefined). The first seller of a tenant becomes its default. `created` says whether the row is new.
 */
export async function upsertSeller(
  tx: Executor,
  tenantId: string,
  profile: SellerProfile,
  replace: boolean,
): Promise<(SellerRecord & { created: boolean }) | undefined> {
  const insert = tx.insert(sellers).values({
    tenantId,
    siren: profile.siren,
    profile,
    isDefault: sql`NOT EXISTS (SELECT 1 FROM ${sellers} d WHERE d.tenant_id = ${tenantId} AND d.is_default)`,
  });
  const written = replace
    ? insert.onConflictDoUpdate({ target: [sellers.tenantId, sellers.siren], set: { profile, updatedAt: sql`now()` } })
    : insert.onConflictDoNothing();
  const [row] = await written.returning({ ...columns, created: sql<boolean>`(xmax = 0)` });
  return row && { ...asRecord(row), created: row.created };
}

/** Makes `siren` (a seller of the tenant) its default, the previous default an ordinary seller. */
export async function makeDefault(tx: Executor, tenantId: string, siren: string): Promise<void> {
  await tx
    .update(sellers)
    .set({ isDefault: false })
    .where(and(eq(sellers.tenantId, tenantId), eq(sellers.isDefault, true), sql`${sellers.siren} <> ${siren}`));
  await tx
    .update(sellers)
    .set({ isDefault: true })
    .where(and(eq(sellers.tenantId, tenantId), eq(sellers.siren, siren)));
}

/**
 * Gives the documents that waited for the tenant's first seller (no `seller_siren`, written before sellers were
 * required) to `siren`. Returns how many.
 */
export async function assignWaitingDocuments(tx: Executor, tenantId: string, siren: string): Promise<number> {
  const rows = await tx
    .update(submissions)
    .set({ sellerSiren: siren })
    .where(and(eq(submissions.tenantId, tenantId), isNull(submissions.sellerSiren)))
    .returning({ id: submissions.id });
  return rows.length;
}
