/**
 * A tenant's sellers (the legal entities it invoices for, EN 16931 BG-4): creating, replacing and reading them, the
 * tenant's default seller (`/v1/seller-profile`), and the seam through which the pipeline learns that a seller was
 * saved. Called by the seller resolvers, the submission service (through `seller-cache.ts`) and `serve`.
 */
import type { Db } from '../../db/client.ts';
import { sqlState } from '../../db/sql-state.ts';
import { transact } from '../../db/transaction.ts';
import type { RuleViolation } from '../../model/rule-catalogue.ts';
import type { SellerProfile, SellerProfileInput } from '../../model/seller-profile.ts';
import { checkNewSeller, checkSellerProfile } from './seller-checks.ts';
import { completeSellerProfile } from './seller-defaults.ts';
import { forgetSeller } from './seller-cache.ts';
import {
  assignWaitingDocuments,
  findDefaultSeller,
  findSeller,
  listSellers as listStoredSellers,
  makeDefault,
  type SellerRecord,
  type SellerWindow,
  upsertSeller,
} from './sellers-store.ts';

export type { SellerRecord, SellerWindow };

/** Called with the tenant id once one of its sellers is committed. */
export type SellerListener = (tenantId: string) => void | Promise<void>;

/** What a listener's failure is handed to (it never reaches the client: the seller is saved). */
export type ListenerErrorHandler = (error: unknown, tenantId: string) => void;

// Keyed by database: several gateways (tests, a bench) may share one process.
const listeners = new WeakMap<Db, Set<{ listener: SellerListener; onError: ListenerErrorHandler }>>();

/**
 * Registers `listener`, called after each seller saved through `db` is committed (the pipeline takes the documents
 * that waited for a seller from it). A throw or a rejection goes to `onError` (default: ignored), never to the
 * client. Returns the function that unregisters it.
 */
export function onSellerSaved(db: Db, listener: SellerListener, onError: ListenerErrorHandler = () => {}): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  const entry = { listener, onError };
  set.add(entry);
  return () => void set.delete(entry);
}

function notify(db: Db, tenantId: string): void {
  for (const { listener, onError } of listeners.get(db) ?? []) {
    try {
      Promise.resolve(listener(tenantId)).catch((error: unknown) => onError(error, tenantId));
    } catch (error) {
      onError(error, tenantId);
    }
  }
}

/** The tenant's seller `siren` (9 digits), or undefined (also for another tenant's seller). */
export function getSeller(db: Db, tenantId: string, siren: string): Promise<SellerRecord | undefined> {
  return findSeller(db, tenantId, siren);
}

/** A window of the tenant's sellers, in SIREN order (cursors are SIRENs). */
export function listSellers(db: Db, tenantId: string, window: SellerWindow): Promise<SellerRecord[]> {
  return listStoredSellers(db, tenantId, window);
}

/** The tenant's default seller's profile (`GET /v1/seller-profile`), or null when it has no seller. */
export async function getSellerProfile(db: Db, tenantId: string): Promise<SellerProfile | null> {
  return (await findDefaultSeller(db, tenantId))?.profile ?? null;
}

export type SaveSellerResult =
  | { ok: true; seller: SellerRecord }
  /** 422: every violation, paths in wire names. */
  | { ok: false; code: 'invalid'; violations: RuleViolation[] }
  /** 409 (create): the tenant has a seller with this SIREN already. */
  | { ok: false; code: 'exists'; seller: SellerRecord }
  /** 404 (replace): no seller with this SIREN. */
  | { ok: false; code: 'not_found' };

/**
 * Creates the seller `input.siren` (`POST /v1/sellers`): checked (`vat_regime` required), completed with the
 * defaults, stored; the tenant's first seller becomes its default and takes the documents that waited for one.
 */
export async function createSeller(db: Db, tenantId: string, input: SellerProfileInput): Promise<SaveSellerResult> {
  const violations = checkNewSeller(input);
  if (violations.length > 0) return { ok: false, code: 'invalid', violations };
  const existing = await findSeller(db, tenantId, input.siren);
  if (existing) return { ok: false, code: 'exists', seller: existing };
  return save(db, tenantId, completeSellerProfile(input), { onlyNew: true });
}

/** Replaces the seller `siren` whole (`PUT /v1/sellers/{siren}`); the body's SIREN must be the path's. */
export async function replaceSeller(db: Db, tenantId: string, siren: string, input: SellerProfileInput): Promise<SaveSellerResult> {
  if (!(await findSeller(db, tenantId, siren))) return { ok: false, code: 'not_found' };
  const violations = checkNewSeller(input);
  if (typeof input.siren === 'string' && input.siren !== siren) {
    violations.push({
      path: ['siren'],
      rule: 'GW-SELLER-SIREN-PATH',
      message: `The body's SIREN ${input.siren} is not the path's ${siren}`,
    });
  }
  if (violations.length > 0) return { ok: false, code: 'invalid', violations };
  return save(db, tenantId, completeSellerProfile(input), {});
}

export type SetSellerProfileResult = { ok: true; profile: SellerProfile } | { ok: false; violations: RuleViolation[] };

/**
 * Sets the tenant's default seller (`PUT /v1/seller-profile`, GraphQL `setSellerProfile`): the seller
 * `input.siren` is created or replaced and becomes the default (a previous default stays, as an ordinary seller).
 * `vat_regime` may be left out (`normal_monthly`). Nothing is stored when a value is refused.
 */
export async function setSellerProfile(db: Db, tenantId: string, input: SellerProfileInput): Promise<SetSellerProfileResult> {
  const violations = checkSellerProfile(input);
  if (violations.length > 0) return { ok: false, violations };
  const saved = await save(db, tenantId, completeSellerProfile(input), { makeDefault: true });
  return saved.ok ? { ok: true, profile: saved.seller.profile } : { ok: false, violations: [] };
}

async function save(
  db: Db,
  tenantId: string,
  profile: SellerProfile,
  options: { makeDefault?: boolean; onlyNew?: boolean },
): Promise<SaveSellerResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      const seller = await transact(db, async (tx) => {
        const stored = await upsertSeller(tx, tenantId, profile, !options.onlyNew);
        if (!stored) return undefined;
        if (options.makeDefault && !stored.isDefault) await makeDefault(tx, tenantId, profile.siren);
        if (stored.isDefault || options.makeDefault) await assignWaitingDocuments(tx, tenantId, profile.siren);
        return { ...stored, isDefault: stored.isDefault || options.makeDefault === true };
      });
      if (!seller) {
        const existing = await findSeller(db, tenantId, profile.siren);
        if (existing) return { ok: false, code: 'exists', seller: existing };
        continue;
      }
      forgetSeller(db, tenantId, profile.siren);
      notify(db, tenantId);
      const { created: _created, ...record } = seller;
      return { ok: true, seller: record };
    } catch (error) {
      // Two first sellers of one tenant created at once: one is the default, the other retries as an ordinary one.
      if (attempt === 0 && sqlState(error) === '23505') continue;
      throw error;
    }
  }
}
