/** `GET /v1/invoices/{id}`, `GET /v1/credit-notes/{id}`, and their `/statuses`. */
import { OperationFailed } from '../../src/http/run-operation.ts';
import { OPERATIONS } from '../operations.ts';
import { sendJson, sendProblem } from '../problem.ts';
import { statusEntry, submissionRecord, type GraphQLStatus, type GraphQLSubmission } from '../records.ts';
import type { RestHandler } from './types.ts';

function notFoundDetail(kind: string, id: string | undefined): string {
  return `No ${kind} with id "${id ?? ''}"`;
}

/** One submission record by id (`operation`: `invoice` or `creditNote`); 404 when unknown to this tenant. */
export function recordHandler(operation: 'invoice' | 'creditNote', kind: string): RestHandler {
  return async ({ res, params, context, run }) => {
    const outcome = await run(OPERATIONS[operation], { id: params.id }, context);
    if (!outcome.ok) throw new OperationFailed(outcome.errors);
    if (!outcome.result) return sendProblem(res, 'notFound', { detail: notFoundDetail(kind, params.id) });
    return sendJson(res, 200, submissionRecord(outcome.result as GraphQLSubmission));
  };
}

/**
 * A document's status history `{ data: [...] }`, oldest first (`operation`:
 * `invoiceStatuses` or `creditNoteStatuses`); 404 when unknown to this tenant.
 */
export function statusesHandler(operation: 'invoiceStatuses' | 'creditNoteStatuses', kind: string): RestHandler {
  return async ({ res, params, context, run }) => {
    const outcome = await run(OPERATIONS[operation], { id: params.id }, context);
    if (!outcome.ok) throw new OperationFailed(outcome.errors);
    const document = outcome.result as { statuses: GraphQLStatus[] } | null;
    if (!document) return sendProblem(res, 'notFound', { detail: notFoundDetail(kind, params.id) });
    return sendJson(res, 200, { data: document.statuses.map(statusEntry) });
  };
}
