/**
 * Runs a GraphQL operation in-process on the gateway's schema, with a context
 * built by the shared context factory: the REST facade, the simulated
 * platform and webhook payloads use exactly the resolvers a GraphQL client
 * uses. Their documents are fixed, so each is parsed and validated once and
 * executed directly; an unexpected error comes back whole to the caller,
 * which logs it and answers a generic 500.
 */
import { execute, parse, validate, type ExecutionResult, type GraphQLError, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Context } from '../context.ts';

/** Outcome of an operation: the `result` field's data, or the GraphQL errors when it failed. */
export type OperationOutcome = { ok: true; result: unknown } | { ok: false; errors: readonly GraphQLError[] };

/** Runs `source` (a document whose single root field is aliased `result`) with `variables`. */
export type RunOperation = (source: string, variables: Record<string, unknown>, context: Context) => Promise<OperationOutcome>;

/** Thrown by callers that cannot go on after a failed operation; carries the GraphQL errors. */
export class OperationFailed extends Error {
  constructor(readonly errors: readonly GraphQLError[]) {
    super(errors.map((error) => error.message).join('; ') || 'operation failed');
  }

  /** The `extensions.code` of the first error that has one (e.g. FORBIDDEN). */
  get code(): string | undefined {
    return this.errors.map((error) => error.extensions?.['code']).find((code) => typeof code === 'string') as string | undefined;
  }
}

type Executable = (variables: Record<string, unknown>, context: Context) => Promise<ExecutionResult> | ExecutionResult;

/**
 * Builds the runner for `schema`, parsing, validating and compiling every
 * document of `builtIns` now, so a built-in operation the schema no longer
 * accepts stops the app at start (and every test), not a request later.
 * @throws when a document does not validate: a programming error.
 */
export function operationRunner(schema: GraphQLSchema, builtIns: readonly string[] = []): RunOperation {
  const executables = new Map<string, Executable>();
  function executableOf(source: string): Executable {
    let executable = executables.get(source);
    if (!executable) {
      const document = parse(source);
      const errors = validate(schema, document);
      if (errors.length > 0) throw new Error(`invalid built-in operation: ${errors.map((e) => e.message).join('; ')}`);
      const compiled = compileQuery(schema, document);
      executable = isCompiledQuery(compiled)
        ? (variables, context) => compiled.query(undefined, context, variables)
        : (variables, context) => execute({ schema, document, variableValues: variables, contextValue: context });
      executables.set(source, executable);
    }
    return executable;
  }
  for (const source of builtIns) executableOf(source);
  return async (source, variables, context) => {
    const result = (await executableOf(source)(variables, context)) as ExecutionResult<{ result: unknown }>;
    if (result.errors?.length || !result.data) return { ok: false, errors: result.errors ?? [] };
    return { ok: true, result: result.data.result };
  };
}
