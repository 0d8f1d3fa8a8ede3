/**
 * Decodes a wire (snake_case) JSON body into the variables of a GraphQL input
 * type: renames fields, leaves unknown fields out (they stay in the stored
 * body), and reports every structural problem by JSON pointer: a missing
 * required field, a null where a value is required, a value of the wrong JSON
 * type or format. Required-ness and types come from the schema itself; the
 * walk over each input type is compiled once, since this runs on every request.
 */
import {
  getNullableType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLInputType,
  type GraphQLLeafType,
} from 'graphql';
import { toJsonPointer } from '../src/domain/json-pointer.ts';
import { toWireName } from '../src/schema/wire-names.ts';

/** One structural problem: `path` is a JSON pointer into the request body. */
export interface StructureIssue {
  path: string;
  message: string;
}

export type DecodeResult = { ok: true; value: unknown } | { ok: false; issues: StructureIssue[] };

/**
 * Where a container sits, as a chain of segments back to the root: built into
 * a pointer only when there is a problem. A value's own place is its
 * container's path plus `segment` (undefined for the root), so a valid body
 * allocates one link per object or array, none per field.
 */
type Path = { segment: string | number; parent: Path } | null;
type Segment = string | number | undefined;
/** Decodes `value` at (`parent`, `segment`); pushes problems on `issues`; undefined after a problem. */
type Decoder = (value: unknown, parent: Path, segment: Segment, issues: StructureIssue[]) => unknown;

function segments(parent: Path, segment: Segment): Array<string | number> {
  const out: Array<string | number> = segment === undefined ? [] : [segment];
  for (let node = parent; node; node = node.parent) out.push(node.segment);
  return out.reverse();
}

function here(parent: Path, segment: Segment): Path {
  return segment === undefined ? parent : { segment, parent };
}

const compiled = new WeakMap<GraphQLInputType, Decoder>();
// Required types are keyed by the type they wrap: a caller's `new GraphQLNonNull(type)`
// is a new object on every call, which would be compiled (and kept) every time.
const compiledRequired = new WeakMap<GraphQLInputType, Decoder>();

/** Decodes `json` against `type`. */
export function decodeInput(type: GraphQLInputType, json: unknown): DecodeResult {
  const issues: StructureIssue[] = [];
  const value = decoderFor(type)(json, null, undefined, issues);
  return issues.length === 0 ? { ok: true, value } : { ok: false, issues };
}

function fail(issues: StructureIssue[], parent: Path, segment: Segment, message: string): undefined {
  issues.push({ path: toJsonPointer(segments(parent, segment)), message });
  return undefined;
}

function decoderFor(type: GraphQLInputType): Decoder {
  const [cache, key] = isNonNullType(type) ? [compiledRequired, type.ofType] : [compiled, type];
  let decoder = cache.get(key);
  if (!decoder) {
    decoder = compile(type);
    cache.set(key, decoder);
  }
  return decoder;
}

function compile(type: GraphQLInputType): Decoder {
  if (isNonNullType(type)) {
    const inner = decoderFor(type.ofType);
    return (value, parent, segment, issues) => {
      if (value === undefined) return fail(issues, parent, segment, 'is required');
      if (value === null) return fail(issues, parent, segment, 'must not be null');
      return inner(value, parent, segment, issues);
    };
  }
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = decoderFor(nullable.ofType as GraphQLInputType);
    return (value, parent, segment, issues) => {
      if (value === undefined || value === null) return null;
      if (!Array.isArray(value)) return fail(issues, parent, segment, 'must be an array');
      const path = here(parent, segment);
      const out = new Array(value.length);
      for (let index = 0; index < value.length; index++) out[index] = item(value[index], path, index, issues);
      return out;
    };
  }
  if (isInputObjectType(nullable)) {
    // Resolved on first use, so an input type that refers to itself compiles.
    let fields: Array<{ name: string; wire: string; decode: Decoder }> | undefined;
    return (value, parent, segment, issues) => {
      if (value === undefined || value === null) return null;
      if (typeof value !== 'object' || Array.isArray(value)) return fail(issues, parent, segment, 'must be an object');
      fields ??= Object.values(nullable.getFields()).map((field) => ({
        name: field.name,
        wire: toWireName(field.name),
        decode: decoderFor(field.type),
      }));
      const record = value as Record<string, unknown>;
      const path = here(parent, segment);
      const out: Record<string, unknown> = {};
      for (const field of fields) {
        const fieldValue = Object.hasOwn(record, field.wire) ? record[field.wire] : undefined;
        const decoded = field.decode(fieldValue, path, field.wire, issues);
        if (decoded !== undefined) out[field.name] = decoded;
      }
      return out;
    };
  }
  if (isLeafType(nullable)) return leaf(nullable);
  return (_value, parent, segment, issues) => fail(issues, parent, segment, 'has an unsupported type');
}

function leaf(type: GraphQLLeafType): Decoder {
  return (value, parent, segment, issues) => {
    if (value === undefined || value === null) return null;
    try {
      return type.parseValue(value);
    } catch (error) {
      return fail(issues, parent, segment, leafMessage(type.name, error));
    }
  };
}

function leafMessage(typeName: string, error: unknown): string {
  switch (typeName) {
    case 'String':
      return 'must be a string';
    case 'Float':
      return 'must be a number';
    case 'Int':
      return 'must be an integer';
    case 'ID':
      return 'must be a string';
    case 'Boolean':
      return 'must be a boolean';
    case 'SafeInt':
      return 'must be an integer amount in minor units, within ±(2^53 - 1)';
    case 'DateTime':
      return 'must be an RFC 3339 date-time with an offset, e.g. 2015-01-09T00:00:00Z';
    case 'Date':
      return 'must be a date, YYYY-MM-DD';
    default:
      return (error as Error).message;
  }
}
