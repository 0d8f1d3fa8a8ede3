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
import { refusableBodyResultOf } from './input.ts';
import type { RestHandler } from './types.ts';

const RECORD_LIFECYCLE_STATUS = OPERATIONS.recordLifecycleStatus;

export const lifecycleEventsHandler: RestHandler = async (handlerInput) => {
  const result = await refusableBodyResultOf(handlerInput, RECORD_LIFECYCLE_STATUS, (input) => ({ input }));
  if (!result) return;
  const body = { submission_id: result.submission.id, ...statusEntry(result.status), duplicate: result.duplicate };
  return sendJson(handlerInput.res, result.duplicate ? 200 : 201, body);
};
