/**
 * `GET /v1/invoices/{id}`, `GET /v1/credit-notes/{id}`, and their `/statuses`:
 * reach the `invoice` / `creditNote` query resolvers and `Submission.statuses`
 * (src/schema/types/submission.ts).
 */
import { OPERATIONS } from '../operations.ts';
import { sendJson, sendProblem } from '../problem.ts';
import { statusEntry, submissionRecord } from '../records.ts';
import { type RestHandler, resultOf } from './types.ts';

function notFoundDetail(kind: string, id: string | undefined): string {
  return `No ${kind} with id "${id ?? ''}"`;
}

/** One submission record by id (`operation`: `invoice` or `creditNote`); 404 when unknown to this tenant. */
export function recordHandler(operation: 'invoice' | 'creditNote', kind: string): RestHandler {
  return async ({ res, params, context, run }) => {
    const submission = await resultOf(run, OPERATIONS[operation], { id: params.id ?? '' }, context);
    if (!submission) return sendProblem(res, 'notFound', { detail: notFoundDetail(kind, params.id) });
    return sendJson(res, 200, submissionRecord(submission));
  };
}

/**
 * A document's status history `{ data: [...] }`, oldest first (`operation`:
 * `invoiceStatuses` or `creditNoteStatuses`); 404 when unknown to this tenant.
 */
export function statusesHandler(operation: 'invoiceStatuses' | 'creditNoteStatuses', kind: string): RestHandler {
  return async ({ res, params, context, run }) => {
    const document = await resultOf(run, OPERATIONS[operation], { id: params.id ?? '' }, context);
    if (!document) return sendProblem(res, 'notFound', { detail: notFoundDetail(kind, params.id) });
    return sendJson(res, 200, { data: document.statuses.map(statusEntry) });
  };
}
