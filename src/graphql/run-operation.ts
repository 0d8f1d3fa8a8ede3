/**
 * Runs a GraphQL operation in-process on the gateway's schema, with a context
 * built by the shared context factory: the REST facade, the simulated
 * platform and webhook payloads use exactly the resolvers a GraphQL client
 * uses. Their documents are typed (`graphql()` of ./tada.ts), so a caller's
 * variables and the `result` it reads are checked against the schema; each is
 * validated and compiled once, when the runner is built, and executed
 * directly. An unexpected error comes back whole to the caller, which logs it
 * and answers a generic 500.
 */
import {
  execute,
  print,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { ResultOf, TadaDocumentNode, VariablesOf } from 'gql.tada';
import type { Context, SubmittedBody } from '../app/context.ts';
import type { RuleViolation } from '../model/rule-catalogue.ts';

/** A built-in operation: a typed document whose single root field is aliased `result`. */
// biome-ignore lint/suspicious/noExplicitAny: any result and variables shape; `run` infers both from the document.
export type BuiltInOperation = TadaDocumentNode<{ result: unknown }, any>;

/** Outcome of an operation: the `result` field's data, or the GraphQL errors when it failed. */
export type OperationOutcome<Result = unknown> = { ok: true; result: Result } | { ok: false; errors: readonly GraphQLError[] };

/**
 * The operation's root value (`info.rootValue`): the one per-operation channel between an in-process caller (the
 * REST facade) and the resolvers, besides the variables and the context. Over the GraphQL transports the root value
 * is the transport's own, never an `OperationRoot`, so `OperationRoot.of(info)` is undefined there and the
 * resolvers take their GraphQL path.
 *
 * - In, `submittedBody`: the REST request body exactly as received (unknown fields included). `submittedDocument`
 *   (src/schema/submit.ts) takes it as the submission's wire document, stored and hashed for idempotency.
 * - Out, `violations`: written by `inputIssues` (src/schema/input-issues.ts) when a mutation refuses its input
 *   (`ValidationFailed`, `SellerMissing`): the service's violations as they are, paths in wire names from the body's
 *   root and messages in the spec's snake_case. The facade's 422 shows them unchanged (`sendValidationFailed`,
 *   rest-facade/handlers/input.ts); GraphQL clients get the same violations as `ValidationIssue`s in GraphQL names.
 */
export class OperationRoot {
  /** Out: the refused input's violations (wire paths), once a resolver of this operation refused it; else undefined. */
  violations: readonly RuleViolation[] | undefined = undefined;

  /** @param submittedBody in: the REST request body as received, for the submit mutations (undefined otherwise). */
  constructor(readonly submittedBody?: SubmittedBody) {}

  /** The root of the operation `info` belongs to when an in-process caller passed one; undefined over GraphQL transports. */
  static of(info: GraphQLResolveInfo): OperationRoot | undefined {
    return info.rootValue instanceof OperationRoot ? info.rootValue : undefined;
  }
}

/**
 * Runs `document` with `variables` and `context`; `root` is the operation's root value.
 * @returns the typed `result` field, or the GraphQL errors (never throws for them).
 */
export type RunOperation = <Document extends BuiltInOperation>(
  document: Document,
  variables: VariablesOf<Document>,
  context: Context,
  root?: OperationRoot,
) => Promise<OperationOutcome<ResultOf<Document>['result']>>;

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

type Executable = (
  root: OperationRoot | undefined,
  variables: Record<string, unknown>,
  context: Context,
) => Promise<ExecutionResult> | ExecutionResult;

/**
 * Builds the runner for `schema`, validating and compiling every document of
 * `builtIns` now, so a built-in operation the schema no longer accepts stops
 * the app at start (and every test), not a request later. A document not in
 * `builtIns` is compiled on its first run.
 * @throws when a document does not validate: a programming error.
 */
export function operationRunner(schema: GraphQLSchema, builtIns: readonly DocumentNode[] = []): RunOperation {
  const executables = new Map<DocumentNode, Executable>();
  function executableOf(source: DocumentNode): Executable {
    let executable = executables.get(source);
    if (!executable) {
      // Printed and parsed again by graphql-js: gql.tada's parser builds a lighter AST than the one graphql-jit expects.
      const document = parse(print(source));
      const errors = validate(schema, document);
      if (errors.length > 0) throw new Error(`invalid built-in operation: ${errors.map((e) => e.message).join('; ')}`);
      const compiled = compileQuery(schema, document);
      executable = isCompiledQuery(compiled)
        ? (root, variables, context) => compiled.query(root, context, variables)
        : (root, variables, context) => execute({ schema, document, rootValue: root, variableValues: variables, contextValue: context });
      executables.set(source, executable);
    }
    return executable;
  }
  for (const source of builtIns) executableOf(source);
  return async (document, variables, context, root) => {
    const result = (await executableOf(document)(root, variables as Record<string, unknown>, context)) as ExecutionResult<{
      result: ResultOf<typeof document>['result'];
    }>;
    if (result.errors?.length || !result.data) return { ok: false, errors: result.errors ?? [] };
    return { ok: true, result: result.data.result };
  };
}
