/**
 * `POST /pa/v1/lifecycle-events`: the platform (PA) reports a lifecycle
 * status. Runs the `recordLifecycleStatus` mutation; 201 for a new entry, 200
 * when the same `event_id` was already recorded (nothing changes), 403 for a
 * tenant token.
 */
import { OperationFailed } from '../../src/http/run-operation.ts';
import { RECORD_LIFECYCLE_STATUS } from '../../src/platform/report.ts';
import { sendJson } from '../problem.ts';
import { statusEntry, type GraphQLStatus } from '../records.ts';
import { inputType, readInput, sendValidationFailed } from './input.ts';
import type { RestHandler } from './types.ts';

type RecordResult =
  | { __typename: 'LifecycleStatusRecorded'; duplicate: boolean; status: GraphQLStatus; submission: { id: string } }
  | { __typename: 'ValidationFailed'; issues: Array<{ path: string; rule: string; message: string }> };

const type = inputType('LifecycleEventInput');

export const lifecycleEventsHandler: RestHandler = async ({ req, res, context, run }) => {
  const read = await readInput(req, res, type);
  if (!read) return;
  const outcome = await run(RECORD_LIFECYCLE_STATUS, { input: read.input }, context);
  if (!outcome.ok) throw new OperationFailed(outcome.errors);
  const result = outcome.result as RecordResult;
  if (result.__typename === 'ValidationFailed') return sendValidationFailed(res, type, result.issues);
  const body = { submission_id: result.submission.id, ...statusEntry(result.status), duplicate: result.duplicate };
  return sendJson(res, result.duplicate ? 200 : 201, body);
};
