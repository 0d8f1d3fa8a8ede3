/**
 * Seller: one of the tenant's sellers (EN 16931 BG-4) with its profile. Queries `sellers`, `seller(siren)`,
 * mutations `createSeller`, `updateSeller`; `/v1/sellers` runs these (rest-facade/handlers/sellers.ts).
 */
import { createSeller, getSeller, listSellers, replaceSeller, type SellerRecord } from '../../domain/sellers/sellers-service.ts';
import type { DirectoryLookup } from '../../model/directory.ts';
import type { SellerProfileInput } from '../../model/seller-profile.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { connectionNames, pageOf, resultErrors } from '../fields.ts';
import { inputIssues } from '../input-issues.ts';
import { inputToWire } from '../wire-names.ts';
import { ErrorInterface, NotFound, ValidationFailed } from './errors.ts';
import { SellerProfileInputRef, SellerProfileRef } from './seller-profile.ts';

export const SellerRef = builder.objectRef<SellerRecord>('Seller').implement({
  description: 'A seller of the tenant: its SIREN, its profile, whether it is the default.',
  fields: (t) => ({
    siren: t.string({ description: 'BT-30, 9 digits: the key of the seller.', resolve: (s) => s.profile.siren }),
    isDefault: t.exposeBoolean('isDefault', { description: 'The seller of documents that name none (setSellerProfile chooses it).' }),
    profile: t.field({ type: SellerProfileRef, resolve: (s) => s.profile }),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (s) => s.updatedAt }),
  }),
});

/** A seller with this SIREN exists already (REST 409). */
export class SellerExists extends Error {
  constructor(readonly existing: SellerRecord) {
    super(`A seller with SIREN ${existing.profile.siren} exists already: updateSeller replaces it`);
  }
}

builder.objectType(SellerExists, {
  name: 'SellerExists',
  description: 'A seller with this SIREN exists already; updateSeller replaces it.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ existing: t.field({ type: SellerRef, resolve: (error) => error.existing }) }),
});

/** Something about a stored seller to act on, not an error (createSeller). */
interface SellerWarning {
  code: string;
  message: string;
}

const SellerWarningRef = builder.objectRef<SellerWarning>('SellerWarning').implement({
  description: 'Something to act on about a stored seller; it was stored all the same.',
  fields: (t) => ({
    code: t.exposeString('code', { description: '`directory-unregistered`: the PA directory has no line for its SIREN.' }),
    message: t.exposeString('message'),
  }),
});

const SellerSavedRef = builder.objectRef<{ seller: SellerRecord; created: boolean; warnings?: SellerWarning[] }>('SellerSaved').implement({
  description: 'The seller was stored; `seller` is it as stored (defaults filled in).',
  fields: (t) => ({
    seller: t.field({ type: SellerRef, resolve: (r) => r.seller }),
    warnings: t.field({
      type: [SellerWarningRef],
      description:
        "createSeller: the PA directory has no line for the seller's SIREN (every issuing SIREN must be registered to " +
        'receive, DSE v3.2 § 3.5); empty otherwise, and when no directory is configured or it cannot be asked.',
      resolve: (r) => r.warnings ?? [],
    }),
  }),
});

/** The warnings of a new seller: its SIREN unknown to the directory (nothing when the directory cannot say). */
async function directoryWarnings(lookup: DirectoryLookup, siren: string): Promise<SellerWarning[]> {
  const answer = await lookup(siren);
  if (answer.kind !== 'entry' || answer.entry.registered) return [];
  return [
    {
      code: 'directory-unregistered',
      message:
        `The PA directory has no line for SIREN ${siren}: register it to receive e-invoices (every issuing SIREN must ` +
        'be, DSE v3.2 § 3.5); its documents are issued all the same',
    },
  ];
}

const SIREN = /^\d{9}$/;

builder.queryFields((t) => ({
  seller: t.field({
    type: SellerRef,
    nullable: true,
    description: 'One of your sellers by SIREN; null if unknown.',
    args: { siren: t.arg.string({ required: true }) },
    resolve: (_root, { siren }, ctx) => (SIREN.test(siren) ? getSeller(ctx.db, tenantOf(ctx).id, siren) : null),
  }),
  sellers: t.connection(
    {
      type: SellerRef,
      description: 'Your sellers in SIREN order (at most 100 per page); cursors are SIRENs.',
      resolve: (_root, args, ctx) =>
        pageOf(
          args,
          (bounds) => listSellers(ctx.db, tenantOf(ctx).id, bounds),
          (s) => s.profile.siren,
        ),
    },
    ...connectionNames('Seller'),
  ),
}));

builder.mutationFields((t) => ({
  createSeller: t.field({
    type: SellerSavedRef,
    description: 'Creates a seller (vatRegime required); your first seller becomes your default. SellerExists when the SIREN is taken.',
    errors: resultErrors('CreateSellerResult', [ValidationFailed, SellerExists]),
    args: { input: t.arg({ type: SellerProfileInputRef, required: true }) },
    resolve: async (_root, { input }, ctx, info) => {
      const result = await createSeller(ctx.db, tenantOf(ctx).id, inputToWire(input) as SellerProfileInput);
      if (result.ok)
        return { seller: result.seller, created: true, warnings: await directoryWarnings(ctx.directory, result.seller.profile.siren) };
      if (result.code === 'exists') throw new SellerExists(result.seller);
      if (result.code === 'invalid') throw new ValidationFailed(inputIssues(info, result.violations));
      throw new Error(`createSeller: unexpected ${result.code}`);
    },
  }),
  updateSeller: t.field({
    type: SellerSavedRef,
    description: 'Replaces the seller `siren` whole (vatRegime required; input.siren must be `siren`).',
    errors: resultErrors('UpdateSellerResult', [ValidationFailed, NotFound]),
    args: { siren: t.arg.string({ required: true }), input: t.arg({ type: SellerProfileInputRef, required: true }) },
    resolve: async (_root, { siren, input }, ctx, info) => {
      const result = await replaceSeller(ctx.db, tenantOf(ctx).id, siren, inputToWire(input) as SellerProfileInput);
      if (result.ok) return { seller: result.seller, created: false };
      if (result.code === 'not_found') throw new NotFound('seller', siren);
      if (result.code === 'invalid') throw new ValidationFailed(inputIssues(info, result.violations));
      throw new Error(`updateSeller: unexpected ${result.code}`);
    },
  }),
}));
