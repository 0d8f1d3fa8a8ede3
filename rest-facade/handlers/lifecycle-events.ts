/**
 * `POST /pa/v1/lifecycle-events`: the platform (PA) reports a lifecycle
 * status. Runs the `recordLifecycleStatus` mutation; 201 for a new entry, 200
 * when the same `event_id` was already recorded (nothing changes), 403 for a
 * tenant token. Reaches the `recordLifecycleStatus` resolver
 * (src/schema/types/lifecycle-event.ts).
 */
import { OPERATIONS } from '../operations.ts';
import { sendJson } from '../problem.ts';
import { statusEntry } from '../records.ts';
import { inputType, readInput, sendValidationFailed } from './input.ts';
import { type InputOf, type RestHandler, resultOf } from './types.ts';

const type = inputType('LifecycleEventInput');
const RECORD_LIFECYCLE_STATUS = OPERATIONS.recordLifecycleStatus;

export const lifecycleEventsHandler: RestHandler = async ({ req, res, context, run }) => {
  const read = await readInput(req, res, type);
  if (!read) return;
  const input = read.input as InputOf<typeof RECORD_LIFECYCLE_STATUS>;
  const result = await resultOf(run, RECORD_LIFECYCLE_STATUS, { input }, context);
  if (result.__typename === 'ValidationFailed') return sendValidationFailed(res, type, result.issues);
  const body = { submission_id: result.submission.id, ...statusEntry(result.status), duplicate: result.duplicate };
  return sendJson(res, result.duplicate ? 200 : 201, body);
};
