/**
 * Small HTTP helpers for the sandbox's framework-free handler: JSON answers,
 * the Flow Service error shape and bounded body reading.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Answers `body` as JSON with `status`. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(payload.length), ...headers });
  res.end(payload);
}

/** Answers the OpenAPI's Error schema `{ errorCode, errorMessage }` (components.schemas.Error). */
export function sendError(
  res: ServerResponse,
  status: number,
  errorCode: string,
  errorMessage: string,
  headers?: Record<string, string>,
): void {
  sendJson(res, status, { errorCode, errorMessage }, headers);
}

/** Thrown by readBody when the body is larger than its limit (the caller answers 413). */
export class BodyTooLarge extends Error {}

/** Reads the whole request body, at most `limit` bytes (BodyTooLarge beyond). */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge(`body over ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON body; undefined when it is not valid JSON. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const body = await readBody(req, limit);
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
