/**
 * Tenants, the platform, and their bearer tokens (spec § Authentication).
 * A tenant token (`pas_…`) belongs to one SaaS client; every tenant operation
 * is scoped to it. A platform token (`plt_…`) belongs to the accredited
 * platform, which reports lifecycle statuses for any submission.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transact } from '../../db/transaction.ts';
import { hashToken, mintToken, sameHash, tokenKind, tokenPrefix } from './token.ts';
import {
  anyTenant,
  findPlatformToken,
  findToken,
  insertPlatformToken,
  insertToken,
  revokePlatformToken,
  revokeToken as markRevoked,
  upsertTenant,
  type PlatformIdentity,
  type Tenant,
} from './tenancy-store.ts';

export type { PlatformIdentity, Tenant } from './tenancy-store.ts';

/** Who is calling: a tenant, or the platform. */
export type Principal = { kind: 'tenant'; tenant: Tenant } | { kind: 'platform'; platform: PlatformIdentity };

/** A token created for a tenant; `token` is the only copy and must be shown once. */
export interface CreatedToken {
  tenant: Tenant;
  token: string;
  prefix: string;
}

/** Creates tenant `tenantName` if needed and a new token for it. */
export async function createToken(db: Db, tenantName: string): Promise<CreatedToken> {
  return transact(db, async (tx) => {
    const tenant = await upsertTenant(tx, tenantName);
    const minted = mintToken('tenant');
    await insertToken(tx, { tenantId: tenant.id, prefix: minted.prefix, secretHash: minted.hash });
    return { tenant, token: minted.token, prefix: minted.prefix };
  });
}

/** Arbitrary but fixed: instances starting together on one empty database take this lock to seed it once. */
const FIRST_START_LOCK_KEY = 0x7061_7364; // "pasd"

/**
 * The quick start's tenant: on a database without any tenant, creates tenant
 * `name` and a token for it, under a transaction-scoped advisory lock so that
 * instances starting together on one empty PostgreSQL database create it once
 * (the embedded engine takes the same path). Returns undefined when a tenant
 * already exists (nothing is created).
 */
export async function createFirstTenant(db: Db, name: string): Promise<CreatedToken | undefined> {
  return transact(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_START_LOCK_KEY})`);
    if (await anyTenant(tx)) return undefined;
    const tenant = await upsertTenant(tx, name);
    const minted = mintToken('tenant');
    await insertToken(tx, { tenantId: tenant.id, prefix: minted.prefix, secretHash: minted.hash });
    return { tenant, token: minted.token, prefix: minted.prefix };
  });
}

/** Creates a platform token named `name` (e.g. the PA's name); `token` is shown once. */
export async function createPlatformToken(db: Db, name: string): Promise<{ platform: PlatformIdentity; token: string; prefix: string }> {
  const minted = mintToken('platform');
  const platform = await insertPlatformToken(db, { name, prefix: minted.prefix, secretHash: minted.hash });
  return { platform, token: minted.token, prefix: minted.prefix };
}

/**
 * Revokes the token (tenant or platform) whose prefix is `prefixOrToken` (a
 * whole token is also accepted and reduced to its prefix). Returns false if
 * no live token matched.
 */
export async function revokeToken(db: Db, prefixOrToken: string): Promise<boolean> {
  const prefix = tokenPrefix(prefixOrToken) ?? prefixOrToken;
  return prefix.startsWith('plt_') ? revokePlatformToken(db, prefix) : markRevoked(db, prefix);
}

/** Why a bearer token was refused; all of them answer 401. */
export type AuthFailure = 'missing' | 'malformed' | 'unknown' | 'revoked';

export type AuthResult = { ok: true; principal: Principal } | { ok: false; code: AuthFailure };

/**
 * Resolves a bearer token to the tenant or platform it belongs to.
 * Returns a failure code for a missing, malformed, unknown or revoked token.
 */
export async function authenticate(db: Db, token: string | undefined): Promise<AuthResult> {
  if (!token) return { ok: false, code: 'missing' };
  const prefix = tokenPrefix(token);
  if (!prefix) return { ok: false, code: 'malformed' };
  const hash = hashToken(token);
  if (tokenKind(token) === 'platform') {
    const row = await findPlatformToken(db, prefix);
    if (!row || !sameHash(row.secretHash, hash)) return { ok: false, code: 'unknown' };
    if (row.revokedAt) return { ok: false, code: 'revoked' };
    return { ok: true, principal: { kind: 'platform', platform: { id: row.id, name: row.name } } };
  }
  const row = await findToken(db, prefix);
  if (!row || !sameHash(row.secretHash, hash)) return { ok: false, code: 'unknown' };
  if (row.revokedAt) return { ok: false, code: 'revoked' };
  return { ok: true, principal: { kind: 'tenant', tenant: { id: row.tenantId, name: row.tenantName } } };
}
