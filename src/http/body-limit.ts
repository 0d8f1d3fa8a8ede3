/**
 * The 1 MiB request size limit on `/graphql` (spec § Limits), used by yoga.ts and graphql-request.ts: 400 for a
 * malformed Content-Length and 413 over the limit, as graphql-yoga's `maxRequestBodySize` answers, without its
 * stream around every body (its cost: docs/performance.md). Node's HTTP parser never delivers more bytes than the
 * Content-Length it accepted, so a valid header within the limit is the whole check; only a body without one
 * (chunked) is read here, and counted while it streams.
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const DIGITS = /^\d+$/;

/**
 * How a Content-Length header stands against `limit` bytes: `malformed` when it
 * is not a single non-negative integer (400), `over` past the limit (413).
 */
export function contentLengthWithin(length: string, limit: number): 'within' | 'malformed' | 'over' {
  if (!DIGITS.test(length)) return 'malformed';
  return Number(length) > limit ? 'over' : 'within';
}

function httpError(status: 400 | 413, code: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status } } });
}

function tooLarge(limit: number): GraphQLError {
  return httpError(413, 'REQUEST_ENTITY_TOO_LARGE', `Request body too large: the limit is ${limit} bytes`);
}

/**
 * Reads `body` whole. @throws the 413 error as soon as more than `limit` bytes
 * arrived. The stream is released, not cancelled, on the way out: cancelling it
 * destroys the socket before the 413 can be written.
 */
async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Blob> {
  // Node's chunks are Buffers over plain ArrayBuffers (never shared memory).
  const chunks: Array<Uint8Array<ArrayBuffer>> = [];
  let total = 0;
  const reader = body.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      total += next.value.byteLength;
      if (total > limit) throw tooLarge(limit);
      chunks.push(next.value as Uint8Array<ArrayBuffer>);
    }
  } finally {
    reader.releaseLock();
  }
  return new Blob(chunks);
}

/**
 * A Yoga plugin limiting request bodies to `limit` bytes; use it with
 * `maxRequestBodySize: false`. Register it among `plugins`, which Yoga runs
 * after its own request parsers, so it wraps whichever parser is chosen.
 * @throws (as a GraphQL error with `extensions.http.status`) 400 for a
 *   Content-Length that is not a single non-negative integer, 413 over `limit`.
 */
export function useRequestBodyLimit(limit: number): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      const length = request.headers.get('content-length');
      if (length !== null) {
        const verdict = contentLengthWithin(length, limit);
        if (verdict === 'malformed') throw httpError(400, 'BAD_REQUEST', 'Content-Length header is invalid.');
        if (verdict === 'over') throw tooLarge(limit);
        return;
      }
      if (!requestParser || !request.body) return;
      const parse = requestParser;
      setRequestParser(async (original) => {
        const body = await readCapped(original.body!, limit);
        return parse(new fetchAPI.Request(original.url, { method: original.method, headers: original.headers, body }));
      });
    },
  };
}
