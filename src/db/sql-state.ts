/** SQLSTATE codes (PostgreSQL Appendix A) as both engines report them. */

/**
 * The SQLSTATE of a database error, whichever driver raised it (drizzle wraps
 * it in `cause`); undefined for anything the server did not answer with a
 * SQLSTATE (a dropped connection, a bug of ours).
 */
export function sqlState(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
  }
  return undefined;
}
