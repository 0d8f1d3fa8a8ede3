/**
 * `GET /v1/invoices` and `GET /v1/credit-notes`: the tenant's documents of one
 * type, newest first, optionally by number (`?number=`, the lookup integrators
 * need beside the spec's by-id paths), seller, processing state; paged by
 * `limit` and `after`. A thin adapter over the `submissions` connection
 * (src/schema/types/submission-list.ts).
 */
import { OPERATIONS } from '../operations.ts';
import { problemDetail, sendProblem } from '../problem.ts';
import { submissionRecord } from '../records.ts';
import { OperationFailed } from '../../src/graphql/run-operation.ts';
import { isPageSize, MAX_PAGE, type ParameterIssue, sendPage, singleParameter } from './page.ts';
import type { RestHandler } from './types.ts';

const STATES = ['received', 'validated', 'sent', 'rejected'] as const;

type ListArguments = {
  filter: { number?: string; sellerSiren?: string; processingStates?: Array<Uppercase<(typeof STATES)[number]>> };
  first?: number;
  after?: string;
};

/** The query parameters, each at most once (an empty value counts as absent), or what is wrong with them. */
function listArguments(url: string | undefined): ListArguments & { issues: ParameterIssue[] } {
  const query = new URL(url ?? '/', 'http://gateway.invalid').searchParams;
  const issues: ParameterIssue[] = [];
  const single = singleParameter(query, issues);
  const number = single('number');
  const sellerSiren = single('seller_siren');
  const state = single('processing_state');
  const limit = single('limit');
  const after = single('after');
  if (number !== undefined && number.length > 255) issues.push({ parameter: 'number', message: 'must be at most 255 characters' });
  if (sellerSiren !== undefined && !/^\d{9}$/.test(sellerSiren))
    issues.push({ parameter: 'seller_siren', message: 'must be a SIREN: 9 digits' });
  if (state !== undefined && !(STATES as readonly string[]).includes(state)) {
    issues.push({ parameter: 'processing_state', message: `must be one of ${STATES.join(', ')}` });
  }
  if (limit !== undefined && !isPageSize(limit)) {
    issues.push({ parameter: 'limit', message: `must be an integer from 1 to ${MAX_PAGE}` });
  }
  return {
    filter: {
      ...(number !== undefined && { number }),
      ...(sellerSiren !== undefined && { sellerSiren }),
      ...(state !== undefined && { processingStates: [state.toUpperCase() as Uppercase<(typeof STATES)[number]>] }),
    },
    ...(limit !== undefined && { first: Number(limit) }),
    ...(after !== undefined && { after }),
    issues,
  };
}

/** `{ data: [submission record…], next_cursor? }` for one document type; `next_cursor` only when there are more. */
export function listHandler(documentType: 'INVOICE' | 'CREDIT_NOTE'): RestHandler {
  return async ({ req, res, context, run }) => {
    const { issues, filter, ...page } = listArguments(req.url);
    if (issues.length > 0) {
      return sendProblem(res, 'malformed', { detail: problemDetail(issues), errors: issues });
    }
    const outcome = await run(OPERATIONS.listSubmissions, { filter: { ...filter, documentType }, ...page }, context);
    if (!outcome.ok) {
      // The one argument a client can get wrong past the checks above: a cursor that is not one of this list.
      if (outcome.errors.some((error) => error.extensions?.['argument'] === 'after')) {
        const message = 'must be the next_cursor of a previous page';
        return sendProblem(res, 'malformed', { detail: `after ${message}`, errors: [{ parameter: 'after', message }] });
      }
      throw new OperationFailed(outcome.errors);
    }
    return sendPage(res, outcome.result, submissionRecord);
  };
}
