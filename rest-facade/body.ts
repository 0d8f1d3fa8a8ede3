/**
 * Reads a JSON request body: at most 1 MiB, counted while it streams (with or
 * without Content-Length) and before anything is parsed; UTF-8 only.
 */
import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import { MAX_BODY_BYTES } from '../src/http/limits.ts';

export type BodyResult =
  /** `bytes`: the UTF-8 bytes of `raw` (the body as read, less a leading byte order mark). */
  { ok: true; raw: string; bytes: Uint8Array; json: unknown } | { ok: false; problem: 'malformed' | 'tooLarge'; detail: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True for `application/json` and `application/*+json`, with no charset other than UTF-8. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [mediaType = '', ...params] = header
    .toLowerCase()
    .split(';')
    .map((part) => part.trim());
  if (mediaType !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(mediaType)) return false;
  const charset = params.find((param) => param.startsWith('charset='));
  return !charset || /^charset="?utf-8"?$/.test(charset);
}

/** Reads and parses the body of `req`. Never throws for client mistakes. */
export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  let buffer: Buffer;
  try {
    buffer = await getRawBody(req, {
      limit: MAX_BODY_BYTES,
      length: req.headers['content-length'],
    });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') {
      return { ok: false, problem: 'tooLarge', detail: `The request body exceeds ${MAX_BODY_BYTES} bytes (1 MiB)` };
    }
    if (type === 'request.size.invalid') {
      return { ok: false, problem: 'malformed', detail: 'The request body does not match its Content-Length' };
    }
    throw error;
  }
  let raw: string;
  try {
    raw = utf8.decode(buffer);
  } catch {
    return { ok: false, problem: 'malformed', detail: 'The request body is not valid UTF-8' };
  }
  // The decoder drops a leading byte order mark; `bytes` must stay the UTF-8 of `raw`.
  const bytes = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? buffer.subarray(3) : buffer;
  try {
    return { ok: true, raw, bytes, json: JSON.parse(raw) };
  } catch (error) {
    return { ok: false, problem: 'malformed', detail: `The request body is not valid JSON: ${(error as Error).message}` };
  }
}
