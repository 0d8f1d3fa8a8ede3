// Cursor paging of the REST lists (webhook deliveries, sellers): the `limit` and `after` query parameters and the `{ data, next_cursor }` reply.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { problemDetail, sendProblem } from '../problem.ts';

/** Largest page: the connections' `maxSize`. */
export const MAX_PAGE = 100;

type ParameterIssue = { parameter: string; message: string };

/**
 * `limit` (1 to 100; absent: the connection's default, 20) and `after` (the `next_cursor` of the previous page),
 * each at most once; an empty value counts as absent. On a bad value sends a 400 naming the parameter and returns
 * undefined.
 */
export function readPage(req: IncomingMessage, res: ServerResponse): { first?: number; after?: string } | undefined {
  const query = new URL(req.url ?? '/', 'http://gateway.invalid').searchParams;
  const issues: ParameterIssue[] = [];
  const single = (name: string): string | undefined => {
    const values = query.getAll(name).filter((value) => value !== '');
    if (values.length > 1) issues.push({ parameter: name, message: 'must be given at most once' });
    return values[0];
  };
  const limit = single('limit');
  const after = single('after');
  if (limit !== undefined && !(/^[0-9]{1,3}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= MAX_PAGE)) {
    issues.push({ parameter: 'limit', message: `must be an integer from 1 to ${MAX_PAGE}` });
  }
  if (issues.length > 0) {
    sendProblem(res, 'malformed', { detail: problemDetail(issues), errors: issues });
    return undefined;
  }
  return { ...(limit !== undefined && { first: Number(limit) }), ...(after !== undefined && { after }) };
}

/** `{ data, next_cursor? }`: `next_cursor` only when there is a next page. */
export function pageRecord<T>(data: T[], hasNextPage: boolean, endCursor: string | null | undefined): { data: T[]; next_cursor?: string } {
  return { data, ...(hasNextPage && endCursor && { next_cursor: endCursor }) };
}
