/** What every REST handler receives. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from '../../src/context.ts';
import type { RunOperation } from '../../src/http/run-operation.ts';

export interface HandlerInput {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string | undefined>;
  /** Built by the shared context factory from the request's bearer token. */
  context: Context;
  run: RunOperation;
}

export type RestHandler = (input: HandlerInput) => Promise<void>;
