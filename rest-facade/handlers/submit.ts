/**
 * `POST /v1/invoices` and `POST /v1/credit-notes`: read the body, decode it
 * into the mutation's input, run the mutation, map its result type to a status.
 */
import { OperationFailed } from '../../src/http/run-operation.ts';
import { OPERATIONS } from '../operations.ts';
import { sendJson, sendProblem } from '../problem.ts';
import { submissionRecord, type GraphQLSubmission } from '../records.ts';
import { bodyPointer, inputType, readInput, sendValidationFailed } from './input.ts';
import type { RestHandler } from './types.ts';

type SubmitResult =
  | { __typename: 'SubmissionAccepted'; replayed: boolean; submission: GraphQLSubmission }
  | { __typename: 'ValidationFailed'; message: string; issues: Array<{ path: string; rule: string; message: string }> }
  | { __typename: 'DuplicateSubmission'; message: string; existing: { id: string } }
  | { __typename: 'IdempotencyConflict'; message: string; original: { id: string } | null }
  | { __typename: 'InvalidArguments'; message: string; issues: Array<{ path: string; message: string }> };

/** The handler for one document type; `collection` is its path, e.g. `/v1/invoices`. */
export function submitHandler(options: {
  operation: 'submitInvoice' | 'submitCreditNote';
  inputTypeName: string;
  collection: string;
}): RestHandler {
  const type = inputType(options.inputTypeName);
  return async ({ req, res, context, run }) => {
    const read = await readInput(req, res, type);
    if (!read) return;
    const key = req.headers['idempotency-key'];
    // This request's own context: the stored copy is the HTTP body itself.
    context.submittedBody = read.body;
    const outcome = await run(
      OPERATIONS[options.operation],
      { input: read.input, idempotencyKey: typeof key === 'string' ? key : null },
      context,
    );
    if (!outcome.ok) throw new OperationFailed(outcome.errors);
    const result = outcome.result as SubmitResult;
    switch (result.__typename) {
      case 'SubmissionAccepted': {
        const headers: Record<string, string> = { Location: `${options.collection}/${result.submission.id}` };
        if (result.replayed) headers['Idempotent-Replayed'] = 'true';
        return sendJson(res, 202, submissionRecord(result.submission), headers);
      }
      case 'ValidationFailed':
        return sendValidationFailed(res, type, result.issues);
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
