/**
 * Telling a database outage from a fault of ours: an error that means
 * "PostgreSQL cannot be reached or cannot serve now" is answered 503 with
 * Retry-After (the client retries, with its Idempotency-Key), never 500.
 */

/** Socket errors, postgres.js's own connection codes, and SQLSTATE classes 08 (connection) and 57P (operator intervention), plus 53300 and 57014. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECT_TIMEOUT',
  // The server closed the connection. (CONNECTION_ENDED and CONNECTION_DESTROYED are a pool
  // this process ended itself: a fault of ours, answered 500.)
  'CONNECTION_CLOSED',
  // too_many_connections, query_canceled (statement_timeout)
  '53300',
  '57014',
]);

/** Seconds a client should wait before retrying after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * True when `error` says the database is unreachable or not serving, itself
 * or through what it wraps: `cause` (drizzle's query errors), `originalError`
 * (GraphQL errors) and `errors` (a failed in-process operation), a few levels deep.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, cause, originalError, errors } = error as { code?: unknown; cause?: unknown; originalError?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) return true;
  if (isDatabaseUnavailable(cause, depth + 1) || isDatabaseUnavailable(originalError, depth + 1)) return true;
  return Array.isArray(errors) && errors.slice(0, 5).some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
