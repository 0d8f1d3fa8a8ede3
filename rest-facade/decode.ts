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
  type GraphQLInputObjectType,
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
    // Compiled on first use, so an input type that refers to itself compiles.
    let decode: Decoder | undefined;
    return (value, parent, segment, issues) => (decode ??= compileObject(nullable))(value, parent, segment, issues);
  }
  if (isLeafType(nullable)) return leaf(nullable);
  return (_value, parent, segment, issues) => fail(issues, parent, segment, 'has an unsupported type');
}

/**
 * The decoder of one input object type, generated as straight-line code with
 * each field's wire name as a literal, since this runs on every field of
 * every request: property reads at fixed names get V8's inline caches, where
 * a loop over the fields read every name through a generic lookup (the loop
 * was the REST facade's costliest function under load). A field is read only
 * when it is the object's own (JSON.parse makes plain objects, whose
 * prototype holds none of our names); fields decode to `undefined` after a
 * problem and are then left out.
 */
function compileObject(type: GraphQLInputObjectType): Decoder {
  const fields = Object.values(type.getFields()).map((field) => ({
    name: field.name,
    wire: toWireName(field.name),
    decode: decoderFor(field.type),
  }));
  const lines = fields.map(({ name, wire }, index) => {
    const key = JSON.stringify(wire);
    // A name Object.prototype has (none of ours today) is read only when own, whatever the prototype.
    const read =
      wire in Object.prototype
        ? `(hasOwn(value, ${key}) ? value[${key}] : undefined)`
        : `(plain || hasOwn(value, ${key}) ? value[${key}] : undefined)`;
    return `decoded = decoders[${index}](${read}, path, ${key}, issues);\n  if (decoded !== undefined) out[${JSON.stringify(name)}] = decoded;`;
  });
  const body = `return function decode(value, parent, segment, issues) {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return fail(issues, parent, segment, 'must be an object');
  const plain = Object.getPrototypeOf(value) === objectPrototype;
  const path = here(parent, segment);
  const out = {};
  let decoded;
  ${lines.join('\n  ')}
  return out;
};`;
  // Named in stack traces and debuggers (`decode-reference.ts` is the same walk, written plainly).
  const source = `${body}\n//# sourceURL=passerelle/rest-decode/${type.name}.js`;
  const make = new Function('decoders', 'fail', 'here', 'hasOwn', 'objectPrototype', source) as (...args: unknown[]) => Decoder;
  return make(
    fields.map((field) => field.decode),
    fail,
    here,
    Object.hasOwn,
    Object.prototype,
  );
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

/** The message of a leaf value its type refuses, in the client's terms (shared with the reference decoder). */
export function leafMessage(typeName: string, error: unknown): string {
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
    case 'Date': {
      // A well-formed date that does not exist (2026-02-30) says so; any other refusal gives the format.
      const message = (error as Error).message;
      if (/is not a date that exists$/.test(message)) return message;
      return typeName === 'Date' ? 'must be a date, YYYY-MM-DD' : 'must be an RFC 3339 date-time with an offset, e.g. 2015-01-09T00:00:00Z';
    }
    default:
      return (error as Error).message;
  }
}
