/**
 * `inputToWire` (wire-names.ts) compiled per input type, for the submit
 * mutations, where it runs on every document: the GraphQL input of a 20-line
 * invoice renamed to wire names, then serialised as the stored body. The
 * walk reads each field at its literal name in generated code, so V8's inline
 * caches serve the reads, and writes each output object in one shape.
 *
 * For a coerced input value of its type (keys are schema fields, in schema
 * order, as GraphQL's variable coercion makes them) the result is exactly
 * `inputToWire`'s, key order included, hence the same stored bytes; anything
 * else (a value that is not an object where the type wants one) is left to
 * `inputToWire`.
 */
import { getNullableType, isInputObjectType, isListType, type GraphQLInputObjectType, type GraphQLInputType } from 'graphql';
import { inputToWire, toWireName } from './wire-names.ts';

type Convert = (value: unknown) => unknown;

const compiled = new WeakMap<GraphQLInputType, Convert>();

/** The converter of `type` (built on first use, then cached). */
export function inputToWireOf(type: GraphQLInputType): Convert {
  const nullable = getNullableType(type) as GraphQLInputType;
  let convert = compiled.get(nullable);
  if (!convert) {
    convert = compile(nullable);
    compiled.set(nullable, convert);
  }
  return convert;
}

function compile(type: GraphQLInputType): Convert {
  if (isListType(type)) {
    const item = inputToWireOf(type.ofType as GraphQLInputType);
    return (value) => (Array.isArray(value) ? value.map(item) : inputToWire(value));
  }
  if (isInputObjectType(type)) {
    // Built on first call, so an input type that refers to itself compiles.
    let convert: Convert | undefined;
    return (value) => (convert ??= compileObject(type))(value);
  }
  // A leaf keeps its value; an object-valued one (no scalar of ours is) goes the generic way.
  return (value) => (value !== null && typeof value === 'object' ? inputToWire(value) : value);
}

function compileObject(type: GraphQLInputObjectType): Convert {
  const fields = Object.values(type.getFields());
  const lines = fields.map(
    (field, index) =>
      `value = input[${JSON.stringify(field.name)}];\n  ` +
      `if (value !== null && value !== undefined) out[${JSON.stringify(toWireName(field.name))}] = converters[${index}](value);`,
  );
  const body = `return function convert(input) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return fallback(input);
  const out = {};
  let value;
  ${lines.join('\n  ')}
  return out;
};`;
  // Named in stack traces and debuggers; `inputToWire` (wire-names.ts) is the reference it must equal.
  const source = `${body}\n//# sourceURL=passerelle/input-to-wire/${type.name}.js`;
  const make = new Function('converters', 'fallback', source) as (converters: Convert[], fallback: Convert) => Convert;
  return make(
    fields.map((field) => inputToWireOf(field.type)),
    inputToWire,
  );
}
