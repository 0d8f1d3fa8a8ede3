// Query parameters and cursor paging of the REST lists: each parameter at most once, `limit`, `after`, the `{ data, next_cursor }` reply.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { problemDetail, sendJson, sendProblem } from '../problem.ts';

/** Largest page: the connections' `maxSize`. */
export const MAX_PAGE = 100;

export type ParameterIssue = { parameter: string; message: string };

/** The reader of `query`'s parameters each given at most once (an empty value counts as absent); a repeated one is noted in `issues`. */
export function singleParameter(query: URLSearchParams, issues: ParameterIssue[]): (name: string) => string | undefined {
  return (name) => {
    const values = query.getAll(name).filter((value) => value !== '');
    if (values.length > 1) issues.push({ parameter: name, message: 'must be given at most once' });
    return values[0];
  };
}

/** Whether `limit` is a page size the connections take: an integer from 1 to `MAX_PAGE`. */
export const isPageSize = (limit: string): boolean => /^[0-9]{1,3}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= MAX_PAGE;

/**
 * `limit` (1 to 100; absent: the connection's default, 20) and `after` (the `next_cursor` of the previous page),
 * each at most once; an empty value counts as absent. On a bad value sends a 400 naming the parameter and returns
 * undefined.
 */
export function readPage(req: IncomingMessage, res: ServerResponse): { first?: number; after?: string } | undefined {
  const query = new URL(req.url ?? '/', 'http://gateway.invalid').searchParams;
  const issues: ParameterIssue[] = [];
  const single = singleParameter(query, issues);
  const limit = single('limit');
  const after = single('after');
  if (limit !== undefined && !isPageSize(limit)) {
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

/** Sends 200 with a page of `connection`: `{ data: [record(node)…], next_cursor? }`, `next_cursor` only when there is a next page. */
export function sendPage<Node>(
  res: ServerResponse,
  connection: { edges: ReadonlyArray<{ node: Node }>; pageInfo: { hasNextPage: boolean; endCursor?: string | null } },
  record: (node: Node) => unknown,
): void {
  const { hasNextPage, endCursor } = connection.pageInfo;
  const data = connection.edges.map((edge) => record(edge.node));
  sendJson(res, 200, pageRecord(data, hasNextPage, endCursor));
}
