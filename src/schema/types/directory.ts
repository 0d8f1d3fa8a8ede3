/**
 * DirectoryEntry: what the PA's directory (XP Z12-013 Annex B, Directory Service 1.2.0) says of a SIREN, through the
 * gateway's cache (src/domain/directory/). Query `directoryEntry(siren)`; `GET /v1/directory/{siren}` runs it
 * (rest-facade/handlers/directory.ts).
 */
import { InputValidationError } from '@pothos/plugin-validation';
import { z } from 'zod';
import { isValidSiren } from '../../domain/rules/identifiers.ts';
import type { DirectoryEntry, DirectoryLine } from '../../model/directory.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { resultErrors } from '../fields.ts';
import { ErrorInterface } from './errors.ts';

const DirectoryLineRef = builder.objectRef<DirectoryLine>('DirectoryLine').implement({
  description: 'One addressing unit of the SIREN (the SIREN itself, a SIRET, a routing code or a suffix) and its receiving platform.',
  fields: (t) => ({
    addressingIdentifier: t.string({
      description: "The line's addressing identifier: BT-49 of an invoice to it, scheme 0225.",
      resolve: (line) => line.addressing_identifier,
    }),
    siret: t.string({ nullable: true, resolve: (line) => line.siret ?? null }),
    routingCode: t.string({ nullable: true, resolve: (line) => line.routing_code ?? null }),
    suffix: t.string({ nullable: true, resolve: (line) => line.suffix ?? null }),
    platform: t.exposeString('platform', { description: 'The receiving platform type (UNTDID 3035: WK a PA, DFH the PPF).' }),
    status: t.exposeString('status', { description: 'Enabled, Disabled or Upcoming (a platform from a future date).' }),
  }),
});

export const DirectoryEntryRef = builder.objectRef<DirectoryEntry>('DirectoryEntry').implement({
  description: 'What the directory says of a SIREN: `registered` when a line can receive e-invoices for it.',
  fields: (t) => ({
    siren: t.exposeString('siren'),
    registered: t.exposeBoolean('registered', { description: 'At least one Enabled line: the company can receive e-invoices.' }),
    lines: t.field({ type: [DirectoryLineRef], resolve: (entry) => entry.lines }),
    checkedAt: t.field({
      type: 'DateTime',
      description: 'When the PA was asked (answers are kept DIRECTORY_CACHE_TTL_S, 24 h by default).',
      resolve: (entry) => entry.checked_at,
    }),
  }),
});

/** The directory cannot answer: none is configured (`configured: false`, REST 501) or the PA's is unavailable now (REST 503). */
export class DirectoryUnavailable extends Error {
  constructor(
    readonly configured: boolean,
    reason?: string,
  ) {
    super(
      configured
        ? `The PA's directory could not be asked now${reason ? ` (${reason})` : ''}: try again later`
        : 'No directory is configured (PA_DIRECTORY_URL)',
    );
  }
}

builder.objectType(DirectoryUnavailable, {
  name: 'DirectoryUnavailable',
  description: 'The directory cannot answer: none is configured (REST 501), or it is unavailable now (REST 503).',
  interfaces: [ErrorInterface],
  fields: (t) => ({ configured: t.exposeBoolean('configured') }),
});

builder.queryField('directoryEntry', (t) =>
  t.field({
    type: DirectoryEntryRef,
    description: "The PA directory's entry for a SIREN (cached). InvalidArguments for a malformed SIREN.",
    errors: resultErrors('DirectoryEntryResult', [InputValidationError, DirectoryUnavailable]),
    args: { siren: t.arg.string({ required: true, description: '9 digits, valid Luhn key.' }) },
    validate: z.object({ siren: z.string().refine(isValidSiren, 'must be a SIREN: 9 digits with a valid Luhn key') }),
    resolve: async (_root, { siren }, ctx) => {
      tenantOf(ctx);
      const answer = await ctx.directory(siren);
      if (answer.kind === 'entry') return answer.entry;
      throw new DirectoryUnavailable(answer.kind === 'unavailable', answer.kind === 'unavailable' ? answer.reason : undefined);
    },
  }),
);
