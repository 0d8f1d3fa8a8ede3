/**
 * Problem records (RFC 9457) of the REST facade. The two 409 types are the
 * spec's; the others are stable `urn:einvoicing:problem:*` values of ours,
 * listed in docs/api-guide.md.
 */
import type { ServerResponse } from 'node:http';

/** A problem type: the URN `urn:einvoicing:problem:<name>`, the title and the HTTP status every such reply carries. */
const problemType = <const Name extends string, const Title extends string, const Status extends number>(
  name: Name,
  title: Title,
  status: Status,
) => ({ type: `urn:einvoicing:problem:${name}` as const, title, status });

export const PROBLEMS = {
  malformed: problemType('malformed-request', 'Malformed request', 400),
  unauthorized: problemType('unauthorized', 'Unauthorized', 401),
  forbidden: problemType('forbidden', 'Forbidden', 403),
  notFound: problemType('not-found', 'Not found', 404),
  documentNotAvailable: problemType('document-not-available', 'Document not available', 404),
  methodNotAllowed: problemType('method-not-allowed', 'Method not allowed', 405),
  idempotencyConflict: problemType('idempotency-conflict', 'Idempotency key already used with a different body', 409),
  duplicate: problemType('duplicate-submission', 'Duplicate submission', 409),
  sellerExists: problemType('seller-exists', 'Seller exists', 409),
  tooLarge: problemType('payload-too-large', 'Payload too large', 413),
  rateLimited: problemType('rate-limited', 'Too many requests', 429),
  invalid: problemType('validation-failed', 'Validation failed', 422),
  sellerMissing: problemType('seller-missing', 'No seller for the document', 422),
  internal: problemType('internal-error', 'Internal error', 500),
  unavailable: problemType('service-unavailable', 'Service unavailable', 503),
  directoryNotConfigured: problemType('directory-not-configured', 'No directory configured', 501),
} as const;

export type ProblemKind = keyof typeof PROBLEMS;

/** One problem a 400 or 422 lists in `errors`: at a JSON pointer into the body, in a query or path parameter, or in a header. */
export type ProblemIssue = { message: string } & ({ path: string } | { parameter: string } | { header: string });

/**
 * The `detail` of a problem listing `issues`, each where it is and what is wrong, joined by `; `:
 * `"/customer_snapshot is required; /total must be an integer"`, `"limit must be an integer from 1 to 100"`,
 * `"Idempotency-Key header must be …"`; the body itself (pointer `""`) is `(body)`.
 */
export function problemDetail(issues: readonly ProblemIssue[]): string {
  return issues.map((issue) => `${where(issue)} ${issue.message}`).join('; ');
}

function where(issue: ProblemIssue): string {
  if ('parameter' in issue) return issue.parameter;
  if ('header' in issue) return `${issue.header} header`;
  return issue.path || '(body)';
}

/** Writes a JSON body with `status` and `contentType`. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = 'application/json',
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': `${contentType}; charset=utf-8`,
    'Content-Length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/**
 * Writes the problem record of `kind` (`application/problem+json`), with a
 * `detail` and any extension members (`errors`, `submission_id`, `request_id`).
 */
export function sendProblem(
  res: ServerResponse,
  kind: ProblemKind,
  members: { detail?: string } & Record<string, unknown> = {},
  headers: Record<string, string> = {},
): void {
  sendJson(res, PROBLEMS[kind].status, { ...PROBLEMS[kind], ...members }, headers, 'application/problem+json');
}
