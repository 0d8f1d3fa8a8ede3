/**
 * `POST /v1/invoices` and `POST /v1/credit-notes`: read the body, decode it
 * into the mutation's input, run the mutation, map its result type to a status.
 * Reaches the `submitInvoice` / `submitCreditNote` resolvers (`resolveSubmit`,
 * src/schema/submit.ts), with the HTTP body on the operation's root value
 * (`OperationRoot`), which also brings a refusal's violations back for the 422.
 */
import { OperationRoot } from '../../src/graphql/run-operation.ts';
import { OPERATIONS } from '../operations.ts';
import { sendJson, sendProblem } from '../problem.ts';
import { submissionRecord } from '../records.ts';
import { bodyPointer, readInput, sendValidationFailed } from './input.ts';
import { type HandlerInput, type RestHandler, resultOf } from './types.ts';

type SubmitName = 'submitInvoice' | 'submitCreditNote';

/**
 * Reads the body and runs the `name` mutation with it, the body as received on the operation's root (the resolver's
 * `submittedDocument`: the stored copy and the idempotency hash are those of the HTTP body itself); returns the root
 * (a refusal's violations come back on it) and the result, or undefined when a problem reply was sent. One branch per
 * mutation, so that TypeScript checks each input against its own mutation (it cannot correlate a union of two
 * operations with a union of their inputs).
 */
async function submit({ req, res, context, run }: HandlerInput, name: SubmitName) {
  const key = req.headers['idempotency-key'];
  const idempotencyKey = typeof key === 'string' ? key : null;
  if (name === 'submitInvoice') {
    const read = await readInput(req, res, OPERATIONS.submitInvoice);
    if (!read) return undefined;
    const root = new OperationRoot(read.body);
    return { root, result: await resultOf(run, OPERATIONS.submitInvoice, { input: read.input, idempotencyKey }, context, root) };
  }
  const read = await readInput(req, res, OPERATIONS.submitCreditNote);
  if (!read) return undefined;
  const root = new OperationRoot(read.body);
  return { root, result: await resultOf(run, OPERATIONS.submitCreditNote, { input: read.input, idempotencyKey }, context, root) };
}

/** The handler for one document type; `Location` is the route's own path (`/v1/invoices`) and the new id. */
export function submitHandler(name: SubmitName): RestHandler {
  const operation = OPERATIONS[name];
  return async (handler) => {
    const { res, routePath } = handler;
    const submitted = await submit(handler, name);
    if (!submitted) return;
    const { root, result } = submitted;
    switch (result.__typename) {
      case 'SubmissionAccepted': {
        const headers: Record<string, string> = { Location: `${routePath}/${result.submission.id}` };
        if (result.replayed) headers['Idempotent-Replayed'] = 'true';
        return sendJson(res, 202, submissionRecord(result.submission), headers);
      }
      case 'ValidationFailed':
        return sendValidationFailed(res, root);
      case 'SellerMissing':
        return sendValidationFailed(res, root, 'sellerMissing');
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
