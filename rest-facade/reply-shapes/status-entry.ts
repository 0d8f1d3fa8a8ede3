/**
 * The lifecycle status entry (spec § Lifecycle status entry) and the reply of `POST /pa/v1/lifecycle-events`:
 * `statusEntry` in `../records.ts` returns the first, `../handlers/lifecycle-events.ts` the second; the OpenAPI
 * document serves both schemas (`../openapi/replies.ts`).
 */
import { FINAL_CODES, LIFECYCLE_CODES, lifecycleCode } from '../../src/domain/lifecycle/codes.ts';
import { array, boolean, component, constant, integer, object, oneOf, required, text } from './kinds.ts';

/**
 * The flags a lifecycle status entry may carry (GraphQL `LifecycleStatusFlag`;
 * the OpenAPI test checks they are the same values), set on arrival.
 */
export const LIFECYCLE_FLAGS = ['AFTER_FINAL_STATUS', 'REASON_MISSING', 'TO_BE_VERIFIED'] as const;

/** A submission's gateway identifier, `description` saying which submission it is. */
export const submissionId = (description = 'Identifier assigned by the gateway (a UUIDv7).') =>
  text({ format: 'uuid', description, examples: ['01a203fb-0f7b-7568-a7fb-5421c67c68a7'] });

const codeList = LIFECYCLE_CODES.map((entry) => `${entry.code} ${entry.label ?? '(no label)'} (${entry.meaning})`).join('; ');
/** "210 Refusée, 212 Encaissée, 213 Rejetée, 220 Annulée, 501 Irrecevable". */
const finalList = FINAL_CODES.map((code) => `${code} ${lifecycleCode(code)!.label}`).join(', ');
const labels = [...new Set(LIFECYCLE_CODES.flatMap((entry) => (entry.label ? [entry.label] : [])))];

/** The fields of a lifecycle status entry, all optional here; each reply says which it always has. */
const status = {
  code: integer({
    minimum: 100,
    maximum: 999,
    description:
      `PA lifecycle code of the French CDV list (XP Z12-012, BR-FR-CDV-CL-06): ${codeList}. The gateway records ` +
      'no other code; a client should still expect any three-digit code, which `label` then names.',
  }),
  label: text({
    description:
      'French label of the code, as its source gives it (the spec for 200 to 214); for a code the gateway has no ' +
      "label for, the PA's own label, else the code's digits.",
    examples: labels,
  }),
  final: boolean({
    description:
      `True for a status that ends the life of the document (${finalList}): no further ` +
      'status is expected, a client may stop polling or listening.',
  }),
  occurred_at: text({ format: 'date-time', description: 'Time of the status as the PA reported it, in UTC with milliseconds.' }),
  reason: text({
    description: 'Reason given by the PA, notably for 210, 213 and 501 (possibly empty); absent when the PA gave none.',
  }),
  reason_code: text({ description: 'Reason code given by the PA; absent when the PA gave none.' }),
  flags: array(oneOf(LIFECYCLE_FLAGS), {
    minItems: 1,
    uniqueItems: true,
    description:
      'Set once, when the status arrives; absent when there is none. AFTER_FINAL_STATUS: arrived after a final ' +
      `status (${finalList}) of the same submission; kept, not dropped. REASON_MISSING: ` +
      '210, 213 or 501 without a reason (accepted, but flagged). TO_BE_VERIFIED: 214 Visée, which the reference list ' +
      'it relies on does not contain.',
  }),
  source: constant('seller', {
    description:
      'Present only on a status the gateway emitted for the seller: the 212 Encaissée of a recorded payment (docs/payments.md). ' +
      "Absent: the platform's (PA) status.",
  }),
};

/** One PA lifecycle status: `{ code, label, final, occurred_at, reason?, reason_code?, flags?, source? }`. */
export const LifecycleStatusEntry = component(
  'LifecycleStatusEntry',
  object(
    {
      ...status,
      code: required(status.code),
      label: text({ description: 'French label of the code, as the spec gives it. Sent on every entry today.', examples: labels }),
      final: required(status.final),
      occurred_at: required(status.occurred_at),
    },
    { description: 'One PA lifecycle status.' },
  ),
);

/** The reply of `POST /pa/v1/lifecycle-events`: the submission's id, the entry as recorded, and whether it was already. */
export const LifecycleEventRecorded = component(
  'LifecycleEventRecorded',
  object(
    {
      submission_id: required(submissionId('The submission the status belongs to.')),
      ...status,
      code: required(status.code),
      label: required(status.label),
      occurred_at: required(status.occurred_at),
      duplicate: required(
        boolean({ description: 'True (status 200) when this `event_id` was already recorded for this submission: nothing changed.' }),
      ),
    },
    {
      description:
        'Reply of POST /pa/v1/lifecycle-events: the submission and its lifecycle status entry as recorded (for a ' +
        'duplicate, the entry recorded the first time under this `event_id`).',
    },
  ),
);
