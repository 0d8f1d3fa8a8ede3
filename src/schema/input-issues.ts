// The service's violations as GraphQL issues of the field's `input` argument: shared by the mutations that take one.
import type { GraphQLResolveInfo } from 'graphql';
import { toJsonPointer } from '../domain/json-pointer.ts';
import type { RuleViolation } from '../model/rule-catalogue.ts';
import type { ValidationIssue } from './types/errors.ts';
import { wirePathToGraphQL } from './wire-names.ts';

/**
 * `violations` (paths in wire names, from the body's root) as issues whose paths are JSON pointers into the
 * resolving field's arguments in GraphQL names (`/input/vatNumber`), `profilePath` likewise into the seller.
 */
export function inputIssues(info: GraphQLResolveInfo, violations: readonly RuleViolation[]): ValidationIssue[] {
  const type = info.parentType.getFields()[info.fieldName]?.args.find((a) => a.name === 'input')?.type;
  if (!type) throw new Error(`${info.fieldName} has no input argument`);
  return violations.map((violation) => ({
    path: toJsonPointer(['input', ...wirePathToGraphQL(type, violation.path)]),
    rule: violation.rule,
    message: violation.message,
    ...(violation.profilePath && { profilePath: toJsonPointer(violation.profilePath.map(camelCase)) }),
  }));
}

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
