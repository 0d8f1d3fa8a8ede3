/**
 * Variable errors a client can act on, used by the GraphQL paths (yoga.ts, graphql-fast-path.ts): graphql-jit
 * reports a failed coercion by the scalar's message alone ("SafeInt cannot represent non-integer value: 49.5");
 * on that failure path only, the variables are coerced again with graphql-js to name each faulty field by its
 * path in the client's own input, in the message and in `extensions`:
 *   input.lines[3].unitAmount: SafeInt cannot represent non-integer value: 49.5
 *   extensions: { code: 'BAD_USER_INPUT', field: 'input.lines[3].unitAmount' }
 */
import { isAsyncIterable, type Plugin } from '@envelop/core';
import {
  coerceInputValue,
  getOperationAST,
  GraphQLError,
  isNonNullType,
  typeFromAST,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';

/** `input.lines[3].unitAmount` from the variable name and a coercion path. */
function fieldPath(variable: string, path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((text, segment) => (typeof segment === 'number' ? `${text}[${segment}]` : `${text}.${segment}`), variable);
}

/** One error per faulty field of `variables`, named by path; empty when they coerce (or the operation is unknown). */
export function describeVariableErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): GraphQLError[] {
  const operation = getOperationAST(document, operationName);
  const errors: GraphQLError[] = [];
  for (const definition of operation?.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type as never) as GraphQLInputType | undefined;
    if (!type) continue;
    const value = variables[name];
    if (value === undefined) {
      if (isNonNullType(type) && !definition.defaultValue) errors.push(fieldError(name, 'a value is required'));
      continue;
    }
    coerceInputValue(value, type, (path, _invalid, error) => {
      errors.push(fieldError(fieldPath(name, path), error.message));
    });
  }
  return errors;
}

function fieldError(field: string, message: string): GraphQLError {
  return new GraphQLError(`${field}: ${message}`, { extensions: { code: 'BAD_USER_INPUT', field } });
}

/**
 * `result` with its errors named by field when it is a variable coercion
 * failure (errors and no data at all); otherwise `result` itself.
 */
export function withVariableErrorsNamed(
  result: ExecutionResult,
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown> | undefined,
): ExecutionResult {
  if (!result.errors?.length || result.data !== undefined) return result;
  const named = describeVariableErrors(schema, document, operationName, variables ?? {});
  return named.length > 0 ? { errors: named } : result;
}

/** The envelop plugin doing the same for Yoga (and GraphQL over WebSocket). */
export function useVariableErrorsNamed(): Plugin {
  return {
    onExecute({ args }) {
      return {
        onExecuteDone({ result, setResult }) {
          if (isAsyncIterable(result)) return;
          const variables = (args.variableValues ?? undefined) as Record<string, unknown> | undefined;
          setResult(withVariableErrorsNamed(result, args.schema, args.document, args.operationName ?? undefined, variables));
        },
      };
    },
  };
}
