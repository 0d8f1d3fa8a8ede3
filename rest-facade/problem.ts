/**
 * Problem records (RFC 9457) of the REST facade. The two 409 types are the
 * spec's; the others are stable `urn:einvoicing:problem:*` values of ours,
 * listed in docs/api-guide.md.
 */
import type { ServerResponse } from 'node:http';

export const PROBLEMS = {
  malformed: { type: 'urn:einvoicing:problem:malformed-request', title: 'Malformed request', status: 400 },
  unauthorized: { type: 'urn:einvoicing:problem:unauthorized', title: 'Unauthorized', status: 401 },
  forbidden: { type: 'urn:einvoicing:problem:forbidden', title: 'Forbidden', status: 403 },
  notFound: { type: 'urn:einvoicing:problem:not-found', title: 'Not found', status: 404 },
  documentNotAvailable: {
    type: 'urn:einvoicing:problem:document-not-available',
    title: 'Document not available',
    status: 404,
  },
  methodNotAllowed: { type: 'urn:einvoicing:problem:method-not-allowed', title: 'Method not allowed', status: 405 },
  idempotencyConflict: {
    type: 'urn:einvoicing:problem:idempotency-conflict',
    title: 'Idempotency key already used with a different body',
    status: 409,
  },
  duplicate: { type: 'urn:einvoicing:problem:duplicate-submission', title: 'Duplicate submission', status: 409 },
  sellerExists: { type: 'urn:einvoicing:problem:seller-exists', title: 'Seller exists', status: 409 },
  tooLarge: { type: 'urn:einvoicing:problem:payload-too-large', title: 'Payload too large', status: 413 },
  rateLimited: { type: 'urn:einvoicing:problem:rate-limited', title: 'Too many requests', status: 429 },
  invalid: { type: 'urn:einvoicing:problem:validation-failed', title: 'Validation failed', status: 422 },
  sellerMissing: { type: 'urn:einvoicing:problem:seller-missing', title: 'No seller for the document', status: 422 },
  internal: { type: 'urn:einvoicing:problem:internal-error', title: 'Internal error', status: 500 },
  unavailable: { type: 'urn:einvoicing:problem:service-unavailable', title: 'Service unavailable', status: 503 },
  directoryNotConfigured: {
    type: 'urn:einvoicing:problem:directory-not-configured',
    title: 'No directory configured',
    status: 501,
  },
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
