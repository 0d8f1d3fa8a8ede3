/**
 * `POST /v1/invoices` and `POST /v1/credit-notes`: read the body, decode it
 * into the mutation's input, run the mutation, map its result type to a status.
 * Reaches the `submitInvoice` / `submitCreditNote` resolvers (`resolveSubmit`,
 * src/schema/submit.ts), with the HTTP body as the operation's root value.
 */
import { OPERATIONS } from '../operations.ts';
import { sendJson, sendProblem } from '../problem.ts';
import { submissionRecord } from '../records.ts';
import { bodyPointer, readInput, sendValidationFailed } from './input.ts';
import { type HandlerInput, type RestHandler, resultOf } from './types.ts';

type SubmitName = 'submitInvoice' | 'submitCreditNote';

/**
 * Reads the body and runs the `name` mutation with it; undefined when a problem reply was sent. One branch per
 * mutation, so that TypeScript checks each input against its own mutation (it cannot correlate a union of two
 * operations with a union of their inputs). The stored copy and the idempotency hash are those of the HTTP body itself.
 */
async function submit({ req, res, context, run }: HandlerInput, name: SubmitName) {
  const key = req.headers['idempotency-key'];
  const idempotencyKey = typeof key === 'string' ? key : null;
  if (name === 'submitInvoice') {
    const read = await readInput(req, res, OPERATIONS.submitInvoice);
    return read && resultOf(run, OPERATIONS.submitInvoice, { input: read.input, idempotencyKey }, context, { submittedBody: read.body });
  }
  const read = await readInput(req, res, OPERATIONS.submitCreditNote);
  return read && resultOf(run, OPERATIONS.submitCreditNote, { input: read.input, idempotencyKey }, context, { submittedBody: read.body });
}

/** The handler for one document type; `Location` is the route's own path (`/v1/invoices`) and the new id. */
export function submitHandler(name: SubmitName): RestHandler {
  const operation = OPERATIONS[name];
  return async (handler) => {
    const { res, routePath } = handler;
    const result = await submit(handler, name);
    if (!result) return;
    switch (result.__typename) {
      case 'SubmissionAccepted': {
        const headers: Record<string, string> = { Location: `${routePath}/${result.submission.id}` };
        if (result.replayed) headers['Idempotent-Replayed'] = 'true';
        return sendJson(res, 202, submissionRecord(result.submission), headers);
      }
      case 'ValidationFailed':
        return sendValidationFailed(res, operation, result.issues);
      case 'SellerMissing':
        return sendValidationFailed(res, operation, result.issues, 'sellerMissing');
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
            ? { path: bodyPointer(operation, issue.path), message: issue.message }
            : { header: 'Idempotency-Key', message: issue.message },
        );
        const detail = errors.map((e) => `${'header' in e ? 'Idempotency-Key header' : e.path} ${e.message}`).join('; ');
        return sendProblem(res, 'malformed', { detail, errors });
      }
    }
  };
}
