/** What every REST handler receives, and the typed call each makes into the GraphQL schema. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from '../../src/app/context.ts';
import { type BuiltInOperation, OperationFailed, type OperationRoot, type RunOperation } from '../../src/graphql/run-operation.ts';
import type { ResultOf, VariablesOf } from '../../src/graphql/tada.ts';

export interface HandlerInput {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string | undefined>;
  /** Built by the shared context factory from the request's bearer token. */
  context: Context;
  run: RunOperation;
}

export type RestHandler = (input: HandlerInput) => Promise<void>;

/**
 * The `input` variable of `Document`, as the facade's decoders produce it:
 * they coerce the body to that GraphQL input type (rest-facade/decode.ts), so
 * the cast at each call site states what the decoder checked at run time.
 */
export type InputOf<Document extends BuiltInOperation> = VariablesOf<Document> extends { input: infer Input } ? Input : never;

/**
 * Runs `document` and returns its typed `result` field.
 * @throws OperationFailed on GraphQL errors (403 FORBIDDEN among them); the facade maps it to a reply.
 */
export async function resultOf<Document extends BuiltInOperation>(
  run: RunOperation,
  document: Document,
  variables: VariablesOf<Document>,
  context: Context,
  root?: OperationRoot,
): Promise<ResultOf<Document>['result']> {
  const outcome = await run(document, variables, context, root);
  if (!outcome.ok) throw new OperationFailed(outcome.errors);
  return outcome.result;
}
