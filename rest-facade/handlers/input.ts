/**
 * Request-body plumbing shared by the POST handlers: content type, size,
 * JSON, decoding into a GraphQL input type; and the mapping of argument
 * paths back to body pointers for 400 and 422 replies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLNonNull, isInputObjectType, type GraphQLInputObjectType, type GraphQLInputType } from 'graphql';
import type { SubmittedBody } from '../../src/app/context.ts';
import { fromJsonPointer, toJsonPointer } from '../../src/domain/json-pointer.ts';
import { schema } from '../../src/schema/index.ts';
import { inWireNames } from '../../src/schema/input-issues.ts';
import { graphQLPathToWire } from '../../src/schema/wire-names.ts';
import { isJsonContentType, readJsonBody } from '../body.ts';
import { decodeInput, type DecodeResult } from '../decode.ts';
import { sendProblem } from '../problem.ts';

/** The schema's input type `name`. @throws when there is none (a programming error). */
export function inputType(name: string): GraphQLInputObjectType {
  const type = schema.getType(name);
  if (!isInputObjectType(type)) throw new Error(`${name} is not an input type`);
  return type;
}

/** A GraphQL argument pointer (`/input/lines/0/unitAmount`) as a pointer into the body (`/lines/0/unit_amount`). */
export function bodyPointer(type: GraphQLInputObjectType, argumentPointer: string): string {
  const [, ...rest] = fromJsonPointer(argumentPointer);
  return toJsonPointer(graphQLPathToWire(type, rest));
}

/** `"/a is required; /b must be a string"`. */
export function describe(issues: Array<{ path: string; message: string }>): string {
  return issues.map((issue) => `${issue.path || '(body)'} ${issue.message}`).join('; ');
}

/**
 * Reads the body of `req` as an input of `type`, decoded by `decode` (the
 * gateway's snake_case bodies unless told; `afnor-input.ts` passes its own).
 * On any problem (400, 413) sends the problem record and returns undefined.
 */
export async function readInput(
  req: IncomingMessage,
  res: ServerResponse,
  type: GraphQLInputObjectType,
  decode: (type: GraphQLInputType, json: unknown) => DecodeResult = decodeInput,
): Promise<{ input: unknown; body: SubmittedBody } | undefined> {
  if (!isJsonContentType(req.headers['content-type'])) {
    sendProblem(res, 'malformed', { detail: 'Content-Type must be application/json' });
    return undefined;
  }
  // Read as is, a gzip body would be refused as "not valid JSON", a misleading reason.
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    sendProblem(res, 'malformed', { detail: 'Content-Encoding is not supported: send the body uncompressed' });
    return undefined;
  }
  const body = await readJsonBody(req);
  if (!body.ok) {
    sendProblem(res, body.problem, { detail: body.detail }, { Connection: 'close' });
    return undefined;
  }
  // The body itself is required: `null` is as malformed as `[]`.
  const decoded = decode(new GraphQLNonNull(type), body.json);
  if (!decoded.ok) {
    sendProblem(res, 'malformed', { detail: describe(decoded.issues), errors: decoded.issues });
    return undefined;
  }
  return { input: decoded.value, body: { raw: body.raw, bytes: body.bytes, json: body.json as Record<string, unknown> } };
}

/** 422 for a `ValidationFailed` result, its argument paths turned into body pointers and its messages into wire names. */
export function sendValidationFailed(
  res: ServerResponse,
  type: GraphQLInputObjectType,
  issues: Array<{ path: string; rule: string; message: string; profilePath?: string | null }>,
  kind: 'invalid' | 'sellerMissing' = 'invalid',
): void {
  const errors = issues.map(({ profilePath, ...issue }) => ({
    ...issue,
    message: inWireNames(schema, issue.message),
    path: bodyPointer(type, issue.path),
    ...(profilePath && { profile_path: snakePointer(profilePath) }),
  }));
  sendProblem(res, kind, { detail: describe(errors), errors });
}

/** A JSON pointer into the seller profile, GraphQL names to wire names (`/vatNumber` → `/vat_number`). */
function snakePointer(pointer: string): string {
  return pointer.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
