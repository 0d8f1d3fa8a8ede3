/**
 * Names on the wire (the spec's snake_case JSON) and in GraphQL (camelCase).
 * The document shape is written once (`src/model/document-shape/`) and the
 * GraphQL input types are built from it; these helpers translate values and
 * paths between the two spellings by walking those types, so a field unknown
 * to the schema keeps its name.
 */
import { getNullableType, isInputObjectType, isListType, type GraphQLInputField, type GraphQLInputType } from 'graphql';

/** `customer_id` -> `customerId`. */
export function toGraphQLName(wireName: string): string {
  return wireName.replace(/_([a-z0-9])/g, (_match, char: string) => char.toUpperCase());
}

// Only schema field names come here, so the map stays as small as the schema;
// the regex replace it saves ran for every key of every GraphQL-submitted document.
const wireNames = new Map<string, string>();

/** `customerId` -> `customer_id`. */
export function toWireName(graphQLName: string): string {
  let wire = wireNames.get(graphQLName);
  if (wire === undefined) {
    wire = graphQLName.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`);
    wireNames.set(graphQLName, wire);
  }
  return wire;
}

/**
 * A GraphQL input value (only schema fields, already coerced) in wire
 * spelling; null fields are dropped, as on input null and absent mean the same.
 */
export function inputToWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inputToWire);
  if (value === null || typeof value !== 'object') return value;
  const wire: Record<string, unknown> = {};
  for (const name in value) {
    const field = (value as Record<string, unknown>)[name];
    if (field !== null && field !== undefined) wire[toWireName(name)] = inputToWire(field);
  }
  return wire;
}

type Segment = string | number;

function translatePath(type: GraphQLInputType, path: readonly Segment[], toGraphQL: boolean): Segment[] {
  const out: Segment[] = [];
  let current: GraphQLInputType | undefined = type;
  for (const segment of path) {
    const nullable: GraphQLInputType | undefined = current && getNullableType(current);
    if (nullable && isListType(nullable) && typeof segment === 'number') {
      current = nullable.ofType as GraphQLInputType;
      out.push(segment);
      continue;
    }
    if (nullable && isInputObjectType(nullable) && typeof segment === 'string') {
      const name = toGraphQL ? toGraphQLName(segment) : segment;
      const field: GraphQLInputField | undefined = nullable.getFields()[name];
      if (field) {
        current = field.type;
        out.push(toGraphQL ? name : toWireName(name));
        continue;
      }
    }
    // Outside the schema (an unknown extra field): keep the rest verbatim.
    current = undefined;
    out.push(segment);
  }
  return out;
}

/** A path in wire names (e.g. from a rule) as GraphQL names of `type`. */
export function wirePathToGraphQL(type: GraphQLInputType, path: readonly Segment[]): Segment[] {
  return translatePath(type, path, true);
}

/** A path in GraphQL names of `type` as wire names. */
export function graphQLPathToWire(type: GraphQLInputType, path: readonly Segment[]): Segment[] {
  return translatePath(type, path, false);
}
