/** What every REST handler receives, and the typed call each makes into the GraphQL schema. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from '../../src/app/context.ts';
import { type BuiltInOperation, OperationFailed, type OperationRoot, type RunOperation } from '../../src/graphql/run-operation.ts';
import type { ResultOf, VariablesOf } from '../../src/graphql/tada.ts';

export interface HandlerInput {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string | undefined>;
  /** The matched route's path pattern (`/v1/invoices`, `/v1/invoices/:id`), e.g. the base of a `Location`. */
  routePath: string;
  /** Built by the shared context factory from the request's bearer token. */
  context: Context;
  run: RunOperation;
}

export type RestHandler = (input: HandlerInput) => Promise<void>;

/**
 * The `input` variable of `Document`: what `readInput` (./input.ts) returns,
 * its decoder having coerced the body to that very GraphQL input type.
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
