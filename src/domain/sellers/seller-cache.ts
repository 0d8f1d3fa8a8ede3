// The seller a submission is for, read through a short cache (the submission service, on every document).
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import type { SellerProfile } from '../../model/seller-profile.ts';
import { findDefaultSeller, findSeller } from './sellers-store.ts';

/**
 * How long a found seller is reused: a seller saved through another instance reaches this one's submissions
 * within this time (docs/api-guide.md, "Sellers"). A miss is never cached, so a new seller is usable at once.
 */
export const SELLER_CACHE_TTL_MS = 5_000;

// Keyed by database: several gateways (tests, a bench) may share one process. `${tenant} ` is the default seller.
const caches = new WeakMap<Db, LRUCache<string, SellerProfile>>();

function cacheOf(db: Db): LRUCache<string, SellerProfile> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new LRUCache({ max: 10_000, ttl: SELLER_CACHE_TTL_MS })));
  return cache;
}

/**
 * The seller of a document of `tenantId`: `siren` (9 digits) when the body names one, else the tenant's default.
 * Undefined when there is none (an unknown SIREN, or a tenant without sellers).
 */
export async function resolveSeller(db: Db, tenantId: string, siren: string | undefined): Promise<SellerProfile | undefined> {
  const cache = cacheOf(db);
  const key = `${tenantId} ${siren ?? ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const found = siren === undefined ? await findDefaultSeller(db, tenantId) : await findSeller(db, tenantId, siren);
  if (found) cache.set(key, found.profile);
  return found?.profile;
}

/** Drops what this instance cached of the tenant's seller `siren` and of its default (after a save here). */
export function forgetSeller(db: Db, tenantId: string, siren: string): void {
  const cache = caches.get(db);
  cache?.delete(`${tenantId} ${siren}`);
  cache?.delete(`${tenantId} `);
}
