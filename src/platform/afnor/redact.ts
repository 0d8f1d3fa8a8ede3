/**
 * Our credentials out of what a PA sends back, applied by client.ts to every result before the
 * gateway stores (rejection, last_error, ack details, problems, statuses) or logs it: a PA whose errors echo what it
 * received would otherwise hand the client secret, its Basic form or an access token to tenants and logs. Texts are
 * also bounded in length (`MAX_TEXT`), so a PA cannot fill a row or a log line.
 */

/** The mark left where a credential was. */
export const REDACTED = '[redacted]';

/** Longest string kept from a PA's answer (characters); longer ones are cut and end with `…`. */
export const MAX_TEXT = 2000;

/** Longest error message kept (`errorMessage`, `error`). */
export const MAX_ERROR_TEXT = 500;

/** Redacts with the credentials `secrets()` gives at call time (the secret's forms, current and previous tokens). */
export interface Redactor {
  text(value: string, max?: number): string;
  /** A JSON-like value with every string redacted and bounded (objects and arrays copied). */
  value<T>(value: T): T;
  /** A document's bytes with every credential replaced (unchanged, same buffer, when none occurs). */
  bytes(value: Buffer): Buffer;
}

/** `secrets`: every form a credential may take (empty strings and duplicates ignored; longest replaced first). */
export function createRedactor(secrets: () => string[]): Redactor {
  const forms = () => [...new Set(secrets().filter((secret) => secret.length >= 4))].sort((a, b) => b.length - a.length);
  function text(value: string, max = MAX_TEXT): string {
    let out = value;
    for (const secret of forms()) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out.length > max ? `${out.slice(0, max - 1)}…` : out;
  }
  function value<T>(input: T): T {
    if (typeof input === 'string') return text(input) as T;
    if (Array.isArray(input)) return input.map(value) as T;
    if (input && typeof input === 'object' && !Buffer.isBuffer(input))
      return Object.fromEntries(Object.entries(input).map(([key, field]) => [text(key, 200), value(field)])) as T;
    return input;
  }
  function bytes(input: Buffer): Buffer {
    const found = forms().filter((secret) => input.includes(secret));
    if (found.length === 0) return input;
    let out = input.toString('utf8');
    for (const secret of found) out = out.split(secret).join(REDACTED);
    return Buffer.from(out, 'utf8');
  }
  return { text, value, bytes };
}
