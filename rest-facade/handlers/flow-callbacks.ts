/**
 * `POST /pa/v1/flow-callbacks` and `POST /pa/v1/flow-callbacks/{token}`: the
 * AFNOR XP Z12-013 Flow Service 1.1.0 webhook callback, `{ flowInfo: Flow }`
 * in the OpenAPI document's own names. Runs the `notifyFlowUpdated`
 * mutation: 200 `{ flowId, received: true }` at once (the connector fetches
 * the flow in the background), 400 naming each faulty field by JSON pointer
 * into the body (`/flowInfo/flowDirection`), 403 for a tenant token. Which of
 * the two routes carried the platform token is the facade's business
 * (`../index.ts`); the handler is the same. Reaches the `notifyFlowUpdated`
 * resolver (src/schema/types/flow-callback.ts).
 */
import { OPERATIONS } from '../operations.ts';
import { sendJson, problemDetail, sendProblem } from '../problem.ts';
import { readAfnorInput } from './afnor-input.ts';
import { type RestHandler, resultOf } from './types.ts';

/** `/input/flowInfo/flowId` → `/flowInfo/flowId`: the body is the input, named as it is. */
const bodyPointer = (argumentPointer: string) => argumentPointer.replace(/^\/input(?=\/|$)/, '');

export const flowCallbacksHandler: RestHandler = async ({ req, res, context, run }) => {
  const operation = OPERATIONS.notifyFlowUpdated;
  const read = await readAfnorInput(req, res, operation);
  if (!read) return;
  const result = await resultOf(run, operation, { input: read.input }, context);
  if (result.__typename === 'InvalidArguments') {
    const errors = result.issues.map((issue) => ({ path: bodyPointer(issue.path), message: issue.message }));
    return sendProblem(res, 'malformed', { detail: problemDetail(errors), errors });
  }
  return sendJson(res, 200, { flowId: result.flowId, received: true });
};
