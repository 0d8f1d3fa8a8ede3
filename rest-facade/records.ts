/**
 * GraphQL results in the spec's snake_case shapes (spec § Submission record,
 * § Lifecycle status entry), each typed by its reply shape (`reply-shapes/`),
 * the schema the OpenAPI document serves. Absent optional fields are left out, not null.
 */
import type { ResultOf } from '../src/graphql/tada.ts';
import type { RECORD, STATUS } from './operations.ts';
import { type ReplyOf, wireValue } from './reply-shapes/kinds.ts';
import type { LifecycleStatusEntry } from './reply-shapes/status-entry.ts';
import { PROCESSING_RULES, REJECTION_SOURCES, type Rejection, type SubmissionRecord } from './reply-shapes/submission-record.ts';
import { DELIVERY_STATUSES, type WebhookDelivery } from './reply-shapes/webhook-delivery.ts';
import { DISABLED_REASONS, type WebhookEndpoint } from './reply-shapes/webhook-endpoint.ts';
import { WEBHOOK_EVENT_TYPES } from '../src/webhooks/index.ts';
import type { DELIVERY, ENDPOINT } from './webhook-operations.ts';

/** The `StatusEntry` fragment's result: a lifecycle status as the facade reads it. */
export type StatusFields = ResultOf<typeof STATUS>;

type SubmissionFields = ResultOf<typeof RECORD>;
/** The fields of the `SubmissionRecord` fragment that a submit reply does not select (a new submission has none). */
type LaterFields = 'lifecycleStatus' | 'rejection' | 'validationWarnings' | 'processingRule' | 'processingRuleReason' | 'eReport';

/**
 * A submission as `submissionRecord` reads it: the `SubmissionRecord`
 * fragment's result, where the fields a new submission cannot have yet may be
 * left unselected (the submit mutations' `SubmitAccepted` selects the others).
 */
export type SubmissionRecordFields = Omit<SubmissionFields, LaterFields> & Partial<Pick<SubmissionFields, LaterFields>>;

/** `Submission.rejection`: the rules a rejected document breaks. */
type RejectionFields = NonNullable<SubmissionFields['rejection']>;

/** The `WebhookEndpointRecord` fragment's result. */
export type WebhookEndpointFields = ResultOf<typeof ENDPOINT>;

/** `rejection` in snake_case: `{ source, errors: [{ rule, message, path?, profile_path?, location? }] }`, absent members left out. */
export function rejectionRecord(rejection: RejectionFields): ReplyOf<typeof Rejection> {
  return {
    source: wireValue(REJECTION_SOURCES, rejection.source),
    errors: rejection.errors.map((error) => ({
      rule: error.rule,
      message: error.message,
      ...(error.path != null && { path: error.path }),
      ...(error.profilePath != null && { profile_path: error.profilePath }),
      ...(error.location != null && { location: error.location }),
    })),
  };
}

/**
 * A lifecycle status entry: `{ code, label, final, occurred_at, reason?, reason_code?, flags? }`;
 * `flags` only when the entry has some (AFTER_FINAL_STATUS, REASON_MISSING, TO_BE_VERIFIED).
 */
export function statusEntry(status: StatusFields): ReplyOf<typeof LifecycleStatusEntry> {
  return {
    code: status.code,
    label: status.label,
    final: status.final,
    occurred_at: status.occurredAt,
    ...(status.reason != null && { reason: status.reason }),
    ...(status.reasonCode != null && { reason_code: status.reasonCode }),
    ...(status.flags.length && { flags: status.flags }),
    // Only on the statuses the gateway emitted for the seller (the 212 of a payment): absent means the platform's.
    ...(status.source === 'seller' && { source: 'seller' as const }),
  };
}

/**
 * A submission record; `processing_state` is the enum value in lower case (`received`), `waiting_for` likewise
 * (`seller`) and only while the document waits; `processing_rule` and its reason once the e-invoice is generated;
 * `e_report_id` for a B2C or B2BInt document, the latest e-report covering it (docs/e-reporting.md).
 */
export function submissionRecord(submission: SubmissionRecordFields): ReplyOf<typeof SubmissionRecord> {
  return {
    submission_id: submission.id,
    saas_id: submission.saasId,
    number: submission.number,
    ...(submission.sellerSiren !== null && { seller_siren: submission.sellerSiren }),
    processing_state: lowerCase(submission.processingState),
    ...(submission.waitingFor && { waiting_for: lowerCase(submission.waitingFor) }),
    ...(submission.processingRule && { processing_rule: wireValue(PROCESSING_RULES, submission.processingRule) }),
    ...(submission.processingRuleReason && { processing_rule_reason: submission.processingRuleReason }),
    ...(submission.lifecycleStatus && { lifecycle_status: statusEntry(submission.lifecycleStatus) }),
    ...(submission.rejection && { rejection: rejectionRecord(submission.rejection) }),
    ...(submission.validationWarnings?.length && { warnings: submission.validationWarnings }),
    ...(submission.originSubmissionId !== null && { origin_submission_id: submission.originSubmissionId }),
    ...(submission.eReport && { e_report_id: submission.eReport.id }),
    created_at: submission.createdAt,
  };
}

/**
 * A webhook endpoint: `{ id, url, event_types, description?, enabled, disabled_at?,
 * disabled_reason?, previous_secret_expires_at?, created_at, updated_at }`. Never the secret.
 */
export function webhookEndpointRecord(endpoint: WebhookEndpointFields): ReplyOf<typeof WebhookEndpoint> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    event_types: endpoint.eventTypes.map((type) => wireValue(WEBHOOK_EVENT_TYPES, type)),
    ...(endpoint.description !== null && { description: endpoint.description }),
    enabled: endpoint.enabled,
    ...(endpoint.disabledAt !== null && { disabled_at: endpoint.disabledAt }),
    ...(endpoint.disabledReason !== null && { disabled_reason: wireValue(DISABLED_REASONS, endpoint.disabledReason) }),
    ...(endpoint.previousSecretExpiresAt !== null && { previous_secret_expires_at: endpoint.previousSecretExpiresAt }),
    created_at: endpoint.createdAt,
    updated_at: endpoint.updatedAt,
  };
}

/** A webhook delivery with its attempts, oldest attempt first; `http_status` and `error` only when there is one. */
export function webhookDeliveryRecord(delivery: ResultOf<typeof DELIVERY>): ReplyOf<typeof WebhookDelivery> {
  return {
    id: delivery.id,
    webhook_id: delivery.webhookId,
    event_type: wireValue(WEBHOOK_EVENT_TYPES, delivery.eventType),
    status: wireValue(DELIVERY_STATUSES, delivery.status),
    created_at: delivery.createdAt,
    ...(delivery.nextAttemptAt !== null && { next_attempt_at: delivery.nextAttemptAt }),
    attempts: delivery.attempts.map((attempt) => ({
      attempted_at: attempt.attemptedAt,
      ...(attempt.httpStatus !== null && { http_status: attempt.httpStatus }),
      duration_ms: attempt.durationMs,
      ...(attempt.error !== null && { error: attempt.error }),
    })),
  };
}

/** A GraphQL enum value as the REST replies write it (`RECEIVED` → `received`), its type following the enum's. */
const lowerCase = <Value extends string>(value: Value): Lowercase<Value> => value.toLowerCase() as Lowercase<Value>;
