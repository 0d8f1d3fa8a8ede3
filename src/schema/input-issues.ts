// The service's violations as GraphQL issues of the field's `input` argument: shared by the mutations that take one.
import { type GraphQLResolveInfo, type GraphQLSchema, isInputObjectType, isObjectType } from 'graphql';
import { toJsonPointer } from '../domain/json-pointer.ts';
import { OperationRoot } from '../graphql/run-operation.ts';
import type { RuleViolation } from '../model/rule-catalogue.ts';
import type { ValidationIssue } from './types/errors.ts';
import { toWireName, wirePathToGraphQL } from './wire-names.ts';

/**
 * `violations` (paths in wire names, from the body's root) as issues whose paths are JSON pointers into the
 * resolving field's arguments in GraphQL names (`/input/vatNumber`), `profilePath` likewise into the seller.
 * An in-process caller's `OperationRoot` (src/graphql/run-operation.ts) also receives `violations` as they are,
 * so the REST facade's 422 carries the service's wire pointers without a round trip through GraphQL names.
 */
export function inputIssues(info: GraphQLResolveInfo, violations: readonly RuleViolation[]): ValidationIssue[] {
  const type = info.parentType.getFields()[info.fieldName]?.args.find((a) => a.name === 'input')?.type;
  if (!type) throw new Error(`${info.fieldName} has no input argument`);
  const root = OperationRoot.of(info);
  if (root) root.violations = violations;
  return violations.map((violation) => ({
    path: toJsonPointer(['input', ...wirePathToGraphQL(type, violation.path)]),
    rule: violation.rule,
    message: inGraphQLNames(info.schema, violation.message),
    ...(violation.profilePath && { profilePath: toJsonPointer(violation.profilePath.map(camelCase)) }),
  }));
}

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Per schema: every field name of its object and input types that differs on the wire, by wire name (`tax_total` → `taxTotal`). */
const graphQLNamesBySchema = new WeakMap<GraphQLSchema, Map<string, string>>();

function graphQLNames(schema: GraphQLSchema): Map<string, string> {
  let names = graphQLNamesBySchema.get(schema);
  if (names) return names;
  names = new Map();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isInputObjectType(type) && !isObjectType(type)) continue;
    for (const field of Object.keys(type.getFields())) {
      const wire = toWireName(field);
      if (wire !== field) names.set(wire, field);
    }
  }
  graphQLNamesBySchema.set(schema, names);
  return names;
}

/**
 * A service message (written with the spec's snake_case field names) in the GraphQL names its issue's path uses:
 * `total is not total_excl_tax + tax_total` → `total is not totalExclTax + taxTotal`. A snake_case word that names
 * no field of the schema (a code value such as `normal_monthly`) stays as it is.
 */
function inGraphQLNames(schema: GraphQLSchema, message: string): string {
  const names = graphQLNames(schema);
  return message.replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, (word) => names.get(word) ?? word);
}
