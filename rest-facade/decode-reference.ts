/**
 * The reference implementation of `decodeInput` (decode.ts): the same
 * contract, written as a plain recursive walk over the schema's input types,
 * with no generated code and no caches. It is what the compiled decoder must
 * equal (test/unit/decode-equivalence.test.ts checks them against each other
 * on generated bodies), and the place to read or step through when a decode
 * result looks wrong. The same walk with the GraphQL names as wire names
 * decodes the AFNOR callbacks (handlers/afnor-input.ts), rare enough next to
 * submissions not to need compiling; it is on no other request path.
 */
import { isInputObjectType, isLeafType, isListType, isNonNullType, type GraphQLInputType } from 'graphql';
import { toJsonPointer } from '../src/domain/json-pointer.ts';
import { toWireName } from '../src/schema/wire-names.ts';
import { leafMessage, type DecodeResult, type StructureIssue } from './decode.ts';

/** Decodes `json` against `type`, exactly as `decodeInput` does. */
export function decodeInputReference(type: GraphQLInputType, json: unknown): DecodeResult {
  return decodeByWalk(type, json, toWireName);
}

/**
 * Decodes `json` against `type`, reading each field at `wireName(field name)`
 * and reporting each problem at its JSON pointer in those wire names (`""`
 * for the body itself). Unknown fields are left out.
 */
export function decodeByWalk(type: GraphQLInputType, json: unknown, wireName: (fieldName: string) => string): DecodeResult {
  const issues: StructureIssue[] = [];
  const value = walk(type, json, [], issues, wireName);
  return issues.length === 0 ? { ok: true, value } : { ok: false, issues };
}

/** The decoded value, or undefined after a problem (pushed on `issues` with the value's pointer). */
function walk(
  type: GraphQLInputType,
  value: unknown,
  path: Array<string | number>,
  issues: StructureIssue[],
  wireName: (fieldName: string) => string,
): unknown {
  const fail = (message: string) => {
    issues.push({ path: toJsonPointer(path), message });
    return undefined;
  };
  if (isNonNullType(type)) {
    if (value === undefined) return fail('is required');
    if (value === null) return fail('must not be null');
    return walk(type.ofType, value, path, issues, wireName);
  }
  if (value === undefined || value === null) return null;
  if (isListType(type)) {
    if (!Array.isArray(value)) return fail('must be an array');
    return value.map((item, index) => walk(type.ofType as GraphQLInputType, item, [...path, index], issues, wireName));
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) return fail('must be an object');
    const out: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      const wire = wireName(field.name);
      // Own properties only: an inherited name (`constructor`) is as absent as a missing one.
      const fieldValue = Object.hasOwn(value, wire) ? (value as Record<string, unknown>)[wire] : undefined;
      const decoded = walk(field.type, fieldValue, [...path, wire], issues, wireName);
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
