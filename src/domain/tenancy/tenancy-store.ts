/** Queries on tenants and API tokens. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiTokens, platformTokens, tenants } from '../../db/schema.ts';

/** A tenant as the rest of the gateway sees it. */
export interface Tenant {
  id: string;
  name: string;
}

/** The tenant named `name`, created if it does not exist. */
export async function upsertTenant(db: Executor, name: string): Promise<Tenant> {
  const [created] = await db
    .insert(tenants)
    .values({ name })
    .onConflictDoNothing({ target: tenants.name })
    .returning({ id: tenants.id, name: tenants.name });
  if (created) return created;
  const [existing] = await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.name, name));
  if (!existing) throw new Error(`tenant ${name} vanished while being created`);
  return existing;
}

/** True when at least one tenant exists. */
export async function anyTenant(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: tenants.id }).from(tenants).limit(1);
  return rows.length > 0;
}

export async function insertToken(db: Executor, token: { tenantId: string; prefix: string; secretHash: string }): Promise<void> {
  await db.insert(apiTokens).values(token);
}

/** The token row for `prefix` with its tenant, revoked or not. */
export async function findToken(db: Executor, prefix: string) {
  const [row] = await db
    .select({
      secretHash: apiTokens.secretHash,
      revokedAt: apiTokens.revokedAt,
      tenantId: tenants.id,
      tenantName: tenants.name,
    })
    .from(apiTokens)
    .innerJoin(tenants, eq(tenants.id, apiTokens.tenantId))
    .where(eq(apiTokens.prefix, prefix));
  return row;
}

/** Marks the live token with `prefix` of `table` (API or platform tokens) revoked; false when there is none. */
async function revoke(db: Executor, table: typeof apiTokens | typeof platformTokens, prefix: string): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ revokedAt: new Date() })
    .where(and(eq(table.prefix, prefix), isNull(table.revokedAt)))
    .returning({ prefix: table.prefix });
  return rows.length > 0;
}

/** Marks the token with `prefix` revoked; false when there is no such live token. */
export const revokeToken = (db: Executor, prefix: string): Promise<boolean> => revoke(db, apiTokens, prefix);

/** The accredited platform as an authenticated caller. */
export interface PlatformIdentity {
  id: string;
  name: string;
}

export async function insertPlatformToken(
  db: Executor,
  token: { name: string; prefix: string; secretHash: string },
): Promise<PlatformIdentity> {
  const [row] = await db.insert(platformTokens).values(token).returning({ id: platformTokens.id, name: platformTokens.name });
  return row!;
}

/** The platform token row for `prefix`, revoked or not. */
export async function findPlatformToken(db: Executor, prefix: string) {
  const [row] = await db
    .select({
      id: platformTokens.id,
      name: platformTokens.name,
      secretHash: platformTokens.secretHash,
      revokedAt: platformTokens.revokedAt,
    })
    .from(platformTokens)
    .where(eq(platformTokens.prefix, prefix));
  return row;
}

/** Marks the platform token with `prefix` revoked; false when there is no such live token. */
export const revokePlatformToken = (db: Executor, prefix: string): Promise<boolean> => revoke(db, platformTokens, prefix);

/** The tenant named `name`, or undefined. */
export async function findTenant(db: Executor, name: string): Promise<Tenant | undefined> {
  const [row] = await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.name, name));
  return row;
}

/** Every tenant, oldest first. */
export async function listTenants(db: Executor): Promise<Array<Tenant & { createdAt: Date }>> {
  return db.select({ id: tenants.id, name: tenants.name, createdAt: tenants.createdAt }).from(tenants).orderBy(tenants.createdAt);
}

/** A token as listed to an operator: its public prefix and owner, never a hash or a secret. */
export interface TokenListing {
  prefix: string;
  owner: string;
  createdAt: Date;
  revokedAt: Date | null;
}

/** Every tenant token, oldest first. */
export async function listTokens(db: Executor): Promise<TokenListing[]> {
  return db
    .select({ prefix: apiTokens.prefix, owner: tenants.name, createdAt: apiTokens.createdAt, revokedAt: apiTokens.revokedAt })
    .from(apiTokens)
    .innerJoin(tenants, eq(tenants.id, apiTokens.tenantId))
    .orderBy(apiTokens.createdAt);
}

/** Every platform token, oldest first. */
export async function listPlatformTokens(db: Executor): Promise<TokenListing[]> {
  return db
    .select({
      prefix: platformTokens.prefix,
      owner: platformTokens.name,
      createdAt: platformTokens.createdAt,
      revokedAt: platformTokens.revokedAt,
    })
    .from(platformTokens)
    .orderBy(platformTokens.createdAt);
}
