/**
 * `POST /v1/invoices` and `POST /v1/credit-notes`: read the body, decode it
 * into the mutation's input, run the mutation, map its result type to a status.
 * Reaches the `submitInvoice` / `submitCreditNote` resolvers (`resolveSubmit`,
 * src/schema/submit.ts), with the HTTP body as the operation's root value.
 */
import { OPERATIONS } from '../operations.ts';
import { sendJson, sendProblem } from '../problem.ts';
import { submissionRecord } from '../records.ts';
import { bodyPointer, inputType, readInput, sendValidationFailed } from './input.ts';
import type { VariablesOf } from '../../src/graphql/tada.ts';
import { type RestHandler, resultOf } from './types.ts';

/** The handler for one document type; `collection` is its path, e.g. `/v1/invoices`. */
export function submitHandler(options: {
  operation: 'submitInvoice' | 'submitCreditNote';
  inputTypeName: string;
  collection: string;
}): RestHandler {
  const type = inputType(options.inputTypeName);
  const operation = OPERATIONS[options.operation];
  return async ({ req, res, context, run }) => {
    const read = await readInput(req, res, type);
    if (!read) return;
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : null;
    const variables = { input: read.input, idempotencyKey } as VariablesOf<typeof operation>;
    // The stored copy and the idempotency hash are those of the HTTP body itself.
    const result = await resultOf(run, operation, variables, context, { submittedBody: read.body });
    switch (result.__typename) {
      case 'SubmissionAccepted': {
        const headers: Record<string, string> = { Location: `${options.collection}/${result.submission.id}` };
        if (result.replayed) headers['Idempotent-Replayed'] = 'true';
        return sendJson(res, 202, submissionRecord(result.submission), headers);
      }
      case 'ValidationFailed':
        return sendValidationFailed(res, type, result.issues);
      case 'SellerMissing':
        return sendValidationFailed(res, type, result.issues, 'sellerMissing');
      case 'DuplicateSubmission':
        return sendProblem(res, 'duplicate', { detail: result.message, submission_id: result.existing.id });
      case 'IdempotencyConflict':
        return sendProblem(res, 'idempotencyConflict', {
          detail: result.message,
          ...(result.original && { submission_id: result.original.id }),
        });
      case 'InvalidArguments': {
        const errors = result.issues.map((issue) =>
          issue.path.startsWith('/input')
            ? { path: bodyPointer(type, issue.path), message: issue.message }
            : { header: 'Idempotency-Key', message: issue.message },
        );
        const detail = errors.map((e) => `${'header' in e ? 'Idempotency-Key header' : e.path} ${e.message}`).join('; ');
        return sendProblem(res, 'malformed', { detail, errors });
      }
    }
  };
}
