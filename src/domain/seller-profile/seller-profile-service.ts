/**
 * Reading and setting a tenant's seller profile, and the seam through which
 * the processing pipeline learns that a profile was saved (documents that
 * waited in `received` for want of a seller can then go on).
 */
import type { Db } from '../../db/client.ts';
import type { RuleViolation } from '../../model/rule-catalogue.ts';
import { checkSellerProfile } from './checks.ts';
import { completeSellerProfile } from './defaults.ts';
import type { SellerProfile, SellerProfileInput } from '../../model/seller-profile.ts';
import { findSellerProfile, upsertSellerProfile } from './seller-profile-store.ts';

/** Called with the tenant id once its profile is committed. */
export type SellerProfileListener = (tenantId: string) => void | Promise<void>;

/** What a listener's failure is handed to (it never reaches the client: the profile is saved). */
export type ListenerErrorHandler = (error: unknown, tenantId: string) => void;

interface Registered {
  listener: SellerProfileListener;
  onError: ListenerErrorHandler;
}

// Keyed by database: several gateways (tests, a bench) may share one process.
const listeners = new WeakMap<Db, Set<Registered>>();

/**
 * Registers `listener`, called after each profile saved through `db` is
 * committed (the pipeline releases the tenant's waiting documents from it).
 * A throw or a rejection goes to `onError` (default: ignored), never to the
 * client. Returns the function that unregisters it.
 */
export function onSellerProfileSaved(db: Db, listener: SellerProfileListener, onError: ListenerErrorHandler = () => {}): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  const entry = { listener, onError };
  set.add(entry);
  return () => void set.delete(entry);
}

function notify(db: Db, tenantId: string, extra: SellerProfileListener | undefined): void {
  const all: Registered[] = [...(listeners.get(db) ?? [])];
  if (extra) all.push({ listener: extra, onError: () => {} });
  for (const { listener, onError } of all) {
    try {
      Promise.resolve(listener(tenantId)).catch((error: unknown) => onError(error, tenantId));
    } catch (error) {
      onError(error, tenantId);
    }
  }
}

/** The tenant's profile (complete, as stored), or null when it has set none. */
export async function getSellerProfile(db: Db, tenantId: string): Promise<SellerProfile | null> {
  return (await findSellerProfile(db, tenantId)) ?? null;
}

export type SetSellerProfileResult = { ok: true; profile: SellerProfile } | { ok: false; violations: RuleViolation[] };

/**
 * Checks `input` (every violation at once, paths in wire names: see
 * `checkSellerProfile`), completes it with the defaults and stores it as the
 * tenant's whole profile. On success the listeners registered for `db` and
 * `options.afterSaved` are called after the commit (not awaited). Nothing is
 * stored when a value is refused.
 */
export async function setSellerProfile(
  db: Db,
  tenantId: string,
  input: SellerProfileInput,
  options: { afterSaved?: SellerProfileListener } = {},
): Promise<SetSellerProfileResult> {
  const violations = checkSellerProfile(input);
  if (violations.length > 0) return { ok: false, violations };
  const profile = completeSellerProfile(input);
  // One statement: its own transaction, committed when it returns.
  await upsertSellerProfile(db, tenantId, profile);
  notify(db, tenantId, options.afterSaved);
  return { ok: true, profile };
}
