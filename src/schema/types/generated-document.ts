/**
 * What the pipeline adds to a submission: why it was rejected (`rejection`)
 * and the e-invoices it generated (`document(syntax:)`: UBL 2.1 or CII D22B,
 * the same bytes every time). REST: `rejection` in the record and
 * `GET /v1/{invoices|credit-notes}/{id}/document?syntax=ubl|cii`.
 */
import {
  findDocument,
  findRejection,
  findValidation,
  type GeneratedDocuments,
  type Rejection,
} from '../../domain/submissions/read/index.ts';
import type { Context } from '../../app/context.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { SubmissionRef } from './submission.ts';

type RejectionError = Rejection['errors'][number];

const RejectionErrorRef = builder.objectRef<RejectionError>('RejectionError').implement({
  description: 'One rule a rejected document breaks.',
  fields: (t) => ({
    rule: t.exposeString('rule', { description: 'The EN 16931 or BR-FR rule id, e.g. BR-CO-15, BR-FR-10.' }),
    message: t.exposeString('message'),
    path: t.exposeString('path', {
      nullable: true,
      description: 'JSON pointer into the submitted body, when a body field feeds the failing business term.',
    }),
    profilePath: t.string({
      nullable: true,
      description: 'JSON pointer into the seller profile, when the failing business term comes from it.',
      resolve: (e) => e.profile_path ?? null,
    }),
    location: t.exposeString('location', { nullable: true, description: 'XPath of the element in the generated document.' }),
  }),
});

const RejectionRef = builder.objectRef<Rejection>('Rejection').implement({
  description: 'Why a document was rejected: by the validation of its generated e-invoice, or by the platform.',
  fields: (t) => ({
    source: t.exposeString('source', { description: '`validation` or `platform`.' }),
    errors: t.field({ type: [RejectionErrorRef], resolve: (r) => r.errors }),
  }),
});

const ValidationWarningRef = builder.objectRef<GeneratedDocuments['warnings'][number]>('ValidationWarning').implement({
  description: 'A warning of the official artefacts on the generated e-invoice: kept and shown, it never rejects.',
  fields: (t) => ({
    rule: t.exposeString('rule', { description: 'The EN 16931 or BR-FR rule id.' }),
    message: t.exposeString('message'),
    location: t.exposeString('location', { description: 'XPath of the element in the generated UBL document.' }),
  }),
});

const DocumentSyntaxEnum = builder.enumType('DocumentSyntax', {
  description: 'A syntax of the generated e-invoice.',
  values: {
    UBL: { value: 'ubl', description: 'OASIS UBL 2.1' },
    CII: { value: 'cii', description: 'UN/CEFACT CII D22B (uncoupled schema)' },
  } as const,
});

/**
 * What the pipeline stored beside the documents; none while the submission is `received`, the state of
 * every submission just accepted, so lookups and webhook payloads of new documents make no query for it.
 */
function validationOf(s: { id: string; processingState: string }, ctx: Context) {
  if (s.processingState === 'received') return undefined;
  // Three fields read it: one query per submission and operation.
  let reads = validations.get(ctx);
  if (!reads) validations.set(ctx, (reads = new Map()));
  let read = reads.get(s.id);
  if (!read) reads.set(s.id, (read = findValidation(ctx.db, tenantOf(ctx).id, s.id)));
  return read;
}

const validations = new WeakMap<Context, Map<string, ReturnType<typeof findValidation>>>();

/** The submission's processing rule (B2B, B2BInt, B2C) once generated, else undefined; read once per operation. */
export async function processingRuleOf(s: { id: string; processingState: string }, ctx: Context): Promise<string | undefined> {
  return (await validationOf(s, ctx))?.processingRule ?? undefined;
}

builder.objectFields(SubmissionRef, (t) => ({
  rejection: t.field({
    type: RejectionRef,
    nullable: true,
    description: 'Set when processingState is REJECTED: the rules the document breaks.',
    resolve: (s, _args, ctx) => (s.processingState === 'rejected' ? findRejection(ctx.db, tenantOf(ctx).id, s.id) : null),
  }),
  processingRule: t.string({
    nullable: true,
    description: 'The French processing rule (`#BAR#` note): B2B, B2BInt or B2C, from the buyer; null until the e-invoice is generated.',
    resolve: async (s, _args, ctx) => (await validationOf(s, ctx))?.processingRule ?? null,
  }),
  processingRuleReason: t.string({
    nullable: true,
    description:
      "Why the document got its processing rule: the buyer's identifiers, and for a French company the directory's answer (a SIREN the directory does not know is reported as B2C, DSE v3.2 § 2.3.3).",
    resolve: async (s, _args, ctx) => (await validationOf(s, ctx))?.processingRuleReason ?? null,
  }),
  validationWarnings: t.field({
    type: [ValidationWarningRef],
    nullable: true,
    description: "The official artefacts' warnings on the generated e-invoice (never a rejection); null until it is generated.",
    resolve: async (s, _args, ctx) => (await validationOf(s, ctx))?.warnings ?? null,
  }),
  document: t.string({
    nullable: true,
    description: 'The generated e-invoice in `syntax` (XML text); null until the pipeline has generated it.',
    args: { syntax: t.arg({ type: DocumentSyntaxEnum, required: true }) },
    resolve: async (s, { syntax }, ctx) =>
      s.processingState === 'received' ? null : ((await findDocument(ctx.db, tenantOf(ctx).id, s.id, syntax)) ?? null),
  }),
}));
