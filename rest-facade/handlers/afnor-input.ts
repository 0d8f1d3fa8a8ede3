/**
 * Request bodies in the AFNOR Flow Service's own spelling (camelCase, the
 * GraphQL field names as they are), where `input.ts` reads the gateway's
 * snake_case bodies: the same checks (content type, encoding, 1 MiB, UTF-8,
 * JSON) and the same structural report by JSON pointer, from the same GraphQL
 * input types. The walk is `decode-reference.ts`'s without the renaming: a
 * PA's callback is rare next to submissions, so it is not compiled.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  GraphQLNonNull,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
} from 'graphql';
import { toJsonPointer } from '../../src/domain/json-pointer.ts';
import { isJsonContentType, readJsonBody } from '../body.ts';
import { leafMessage, type DecodeResult, type StructureIssue } from '../decode.ts';
import { sendProblem } from '../problem.ts';
import { describe } from './input.ts';

/**
 * Decodes `json` against `type` with the GraphQL field names as the wire
 * names. Unknown fields are left out; every missing, null or ill-typed field
 * is an issue at its pointer (`/flowInfo/flowId`), `""` for the body itself.
 */
export function decodeAfnorInput(type: GraphQLInputType, json: unknown): DecodeResult {
  const issues: StructureIssue[] = [];
  const value = walk(type, json, [], issues);
  return issues.length === 0 ? { ok: true, value } : { ok: false, issues };
}

function walk(type: GraphQLInputType, value: unknown, path: Array<string | number>, issues: StructureIssue[]): unknown {
  const fail = (message: string) => {
    issues.push({ path: toJsonPointer(path), message });
    return undefined;
  };
  if (isNonNullType(type)) {
    if (value === undefined) return fail('is required');
    if (value === null) return fail('must not be null');
    return walk(type.ofType, value, path, issues);
  }
  if (value === undefined || value === null) return null;
  if (isListType(type)) {
    if (!Array.isArray(value)) return fail('must be an array');
    return value.map((item, index) => walk(type.ofType as GraphQLInputType, item, [...path, index], issues));
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) return fail('must be an object');
    const out: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      // Own properties only: an inherited name (`constructor`) is as absent as a missing one.
      const fieldValue = Object.hasOwn(value, field.name) ? (value as Record<string, unknown>)[field.name] : undefined;
      const decoded = walk(field.type, fieldValue, [...path, field.name], issues);
      if (decoded !== undefined) out[field.name] = decoded;
    }
    return out;
  }
  if (isLeafType(type)) {
    try {
      return type.parseValue(value);
    } catch (error) {
      return fail(leafMessage(type.name, error));
    }
  }
  return fail('has an unsupported type');
}

/**
 * Reads the body of `req` as an input of `type` in AFNOR spelling. On any
 * problem (400, 413) sends the problem record and returns undefined.
 */
export async function readAfnorInput(
  req: IncomingMessage,
  res: ServerResponse,
  type: GraphQLInputObjectType,
): Promise<{ input: unknown } | undefined> {
  if (!isJsonContentType(req.headers['content-type'])) {
    sendProblem(res, 'malformed', { detail: 'Content-Type must be application/json' });
    return undefined;
  }
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
  const decoded = decodeAfnorInput(new GraphQLNonNull(type), body.json);
  if (!decoded.ok) {
    sendProblem(res, 'malformed', { detail: describe(decoded.issues), errors: decoded.issues });
    return undefined;
  }
  return { input: decoded.value };
}
