/** The `seller_profiles` table: one row per tenant, the complete profile as jsonb. */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sellerProfiles } from '../../db/schema.ts';
import type { SellerProfile } from '../../model/seller-profile.ts';

/** The tenant's stored profile, or undefined when it has none. */
export async function findSellerProfile(db: Executor, tenantId: string): Promise<SellerProfile | undefined> {
  const [row] = await db.select({ profile: sellerProfiles.profile }).from(sellerProfiles).where(eq(sellerProfiles.tenantId, tenantId));
  return row?.profile as SellerProfile | undefined;
}

/** Inserts or replaces the tenant's profile (a PUT replaces it whole); `updated_at` is the database's now(). */
export async function upsertSellerProfile(db: Executor, tenantId: string, profile: SellerProfile): Promise<void> {
  await db
    .insert(sellerProfiles)
    .values({ tenantId, profile })
    .onConflictDoUpdate({ target: sellerProfiles.tenantId, set: { profile, updatedAt: sql`now()` } });
}
