/**
 * Glue shared by `submitInvoice` and `submitCreditNote` (types/invoice.ts, types/credit-note.ts): declares the
 * mutation, builds the service command from the arguments and maps its typed result onto the result union.
 */
import { InputValidationError } from '@pothos/plugin-validation';
import type { GraphQLInputType, GraphQLResolveInfo } from 'graphql';
import type { Context } from '../app/context.ts';
import { OperationRoot } from '../graphql/run-operation.ts';
import type { CreditNoteDocument, DocumentType, InvoiceDocument } from '../model/documents.ts';
import { submit, type SubmitCommand } from '../domain/submissions/submission-service.ts';
import { tenantOf } from './auth.ts';
import { builder } from './builder.ts';
import { submitArguments } from './constraints.ts';
import { type DocumentInputRef, identifierArguments } from './document-input.ts';
import { DuplicateSubmission, IdempotencyConflict, SellerMissing, ValidationFailed } from './types/errors.ts';
import { inputIssues } from './input-issues.ts';
import { type SubmissionAccepted, SubmissionAcceptedRef } from './types/submission-accepted.ts';
import { inputToWireOf } from './input-to-wire.ts';

/** Error options of both submit mutations: the accepted record sits directly in the union. */
const submitErrors = {
  types: [ValidationFailed, SellerMissing, DuplicateSubmission, IdempotencyConflict, InputValidationError],
  directResult: true as const,
};

/** Options of the `idempotencyKey` argument (the REST `Idempotency-Key` header); checked by `submitArguments`. */
const idempotencyKeyArg = {
  description:
    'Same key with the same document returns the original result without a second submission; ' +
    'with a different document, IdempotencyConflict. A refused document does not consume the key.',
};

function inputArgType(info: GraphQLResolveInfo): GraphQLInputType {
  const arg = info.parentType.getFields()[info.fieldName]?.args.find((a) => a.name === 'input');
  if (!arg) throw new Error(`${info.fieldName} has no input argument`);
  return arg.type;
}

/** A submission's wire document (snake_case, unknown fields kept) as stored: its text, its parsed value and, when the transport has them, its UTF-8 bytes. */
interface SubmittedDocument {
  raw: string;
  json: Record<string, unknown>;
  bytes?: Uint8Array;
}

/**
 * The wire document a submit mutation checks, stores and hashes for idempotency, from the one source each transport
 * has: through the REST facade, the HTTP body exactly as received, unknown fields included (the operation's root
 * value, `OperationRoot.submittedBody`, src/graphql/run-operation.ts); over GraphQL, the coerced `input` renamed to
 * wire names (`inputToWireOf`) and serialised, so the same document submitted either way is stored alike.
 */
function submittedDocument(info: GraphQLResolveInfo, input: object): SubmittedDocument {
  const submitted = OperationRoot.of(info)?.submittedBody;
  if (submitted) return submitted;
  const json = inputToWireOf(inputArgType(info))(input) as Record<string, unknown>;
  return { raw: JSON.stringify(json), json };
}

/**
 * Runs a submission for a submit mutation on its `submittedDocument`.
 * @returns the accepted record.
 * @throws ValidationFailed, SellerMissing, DuplicateSubmission or IdempotencyConflict for the
 *   service's expected failures; the errors plugin returns them as members of
 *   the result union, never as GraphQL errors.
 */
async function resolveSubmit(
  documentType: DocumentType,
  args: { input: object; idempotencyKey?: string | null },
  ctx: Context,
  info: GraphQLResolveInfo,
): Promise<SubmissionAccepted> {
  const submitted = submittedDocument(info, args.input);
  const command = {
    tenantId: tenantOf(ctx).id,
    documentType,
    document: submitted.json as unknown as InvoiceDocument & CreditNoteDocument,
    body: submitted.raw,
    bodyBytes: submitted.bytes,
    idempotencyKey: args.idempotencyKey ?? undefined,
  } as SubmitCommand;
  const result = await submit(ctx.db, ctx.events, command);
  if (result.ok) return { submission: result.submission, replayed: result.replayed };
  switch (result.code) {
    case 'invalid':
      throw new ValidationFailed(inputIssues(info, result.violations));
    case 'seller_missing':
      throw new SellerMissing(inputIssues(info, result.violations));
    case 'duplicate':
      throw new DuplicateSubmission(result.existing);
    case 'idempotency_conflict':
      throw new IdempotencyConflict(result.existing);
  }
}

/**
 * Declares the mutation `submit<name>` (`submitInvoice`, `submitCreditNote`): its `input` of the type `input` and its
 * `idempotencyKey`, its result union `Submit<name>Result`, and the submission of a document of type `documentType`.
 */
export function submitMutation(name: 'Invoice' | 'CreditNote', documentType: DocumentType, input: DocumentInputRef, description: string) {
  builder.mutationField(`submit${name}`, (t) =>
    t.field({
      type: SubmissionAcceptedRef,
      description,
      errors: { ...submitErrors, union: { name: `Submit${name}Result` } },
      args: {
        input: t.arg({ type: input, required: true }),
        idempotencyKey: t.arg.string(idempotencyKeyArg),
      },
      validate: submitArguments(identifierArguments(name)),
      resolve: (_root, args, ctx, info) => resolveSubmit(documentType, args, ctx, info),
    }),
  );
}
