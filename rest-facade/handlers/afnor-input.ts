/**
 * Request bodies in the AFNOR Flow Service's own spelling (camelCase, the
 * GraphQL field names as they are), where `input.ts` reads the gateway's
 * snake_case bodies: the same checks (content type, encoding, 1 MiB, UTF-8,
 * JSON) and the same structural report by JSON pointer, from the same GraphQL
 * input types. The walk is `decode-reference.ts`'s without the renaming: a
 * PA's callback is rare next to submissions, so it is not compiled.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLInputType } from 'graphql';
import type { BuiltInOperation } from '../../src/graphql/run-operation.ts';
import type { DecodeResult } from '../decode.ts';
import { decodeByWalk } from '../decode-reference.ts';
import { readInput } from './input.ts';
import type { InputOf } from './types.ts';

const asIs = (fieldName: string) => fieldName;

/**
 * Decodes `json` against `type` with the GraphQL field names as the wire
 * names. Unknown fields are left out; every missing, null or ill-typed field
 * is an issue at its pointer (`/flowInfo/flowId`), `""` for the body itself.
 */
export function decodeAfnorInput(type: GraphQLInputType, json: unknown): DecodeResult {
  return decodeByWalk(type, json, asIs);
}

/**
 * Reads the body of `req` as the `$input` of `operation` in AFNOR spelling.
 * On any problem (400, 413) sends the problem record and returns undefined.
 */
export async function readAfnorInput<Operation extends BuiltInOperation>(
  req: IncomingMessage,
  res: ServerResponse,
  operation: Operation,
): Promise<{ input: InputOf<Operation> } | undefined> {
  const read = await readInput(req, res, operation, decodeAfnorInput);
  return read && { input: read.input };
}
