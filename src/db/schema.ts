/**
 * Drizzle table definitions, shared by both engines (embedded PGlite and
 * PostgreSQL). drizzle-kit generates `drizzle/*.sql` from this file; the
 * append-only trigger on lifecycle statuses lives in a hand-written migration.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const documentTypeEnum = pgEnum('document_type', ['invoice', 'credit_note']);

/** Gateway-side state (spec § processing_state): received → validated → sent, or rejected (docs/pipeline.md). */
export const processingStateEnum = pgEnum('processing_state', ['received', 'validated', 'sent', 'rejected']);

/** One SaaS client. Every other row hangs off a tenant. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Bearer tokens. Only the public prefix and a SHA-256 of the whole token are
 * kept: the token itself is shown once at creation and never stored.
 */
export const apiTokens = pgTable('api_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  prefix: text('prefix').notNull().unique(),
  secretHash: text('secret_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Submitted invoices and credit notes. The unique indexes, not read-then-write
 * checks, enforce the duplicate rule (spec § Errors, 409 duplicate-submission),
 * so it holds under concurrency and across gateway instances.
 */
export const submissions = pgTable(
  'submissions',
  {
    /** UUIDv7 whose timestamp is `created_at`, so id order is creation order. */
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    documentType: documentTypeEnum('document_type').notNull(),
    saasId: text('saas_id').notNull(),
    number: text('number').notNull(),
    /** The seller (a SIREN of the tenant's `sellers`); null only on a document that waits for its tenant's first seller. */
    sellerSiren: text('seller_siren'),
    processingState: processingStateEnum('processing_state').notNull().default('received'),
    /** BT-2 Issue date: the local date of `finalized_at` (else `created_at`) as the SaaS wrote it. */
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    originSubmissionId: uuid('origin_submission_id').references((): AnyPgColumn => submissions.id),
    /** BT-25 Preceding invoice reference, copied from the original invoice. */
    precedingInvoiceNumber: text('preceding_invoice_number'),
    /** BT-26 Preceding invoice issue date. */
    precedingInvoiceDate: date('preceding_invoice_date', { mode: 'string' }),
    /** The request body exactly as received (UTF-8 JSON text). */
    body: text('body').notNull(),
    bodySha256: text('body_sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * Why the document was rejected (`{ source, errors: [{ rule, message, path?, location? }] }`),
     * set with `processing_state = 'rejected'`; null otherwise.
     */
    rejection: jsonb('rejection'),
    /**
     * The pipeline's queue is the submission row itself (an outbox written by the same
     * statement as the submission): a `received` row is due when `pipeline_next_at` is
     * null or past. A worker claims a row by moving `pipeline_next_at` forward (a lease),
     * and a transient failure by moving it further (a backoff).
     */
    pipelineAttempts: integer('pipeline_attempts').notNull().default(0),
    pipelineNextAt: timestamp('pipeline_next_at', { withTimezone: true }),
    pipelineLastError: text('pipeline_last_error'),
    /**
     * What lists, filters and the console show without reading the body (set when written; null on rows
     * written by an earlier version before migration 0017 filled them): BT-109, BT-110, BT-112 in minor
     * units, BT-5, BT-9, and the buyer (BT-44, its SIREN BT-47, its VAT id BT-48) as the mapping reads them
     * (`src/domain/submissions/summary.ts`). A credit note carries its invoice's buyer.
     */
    totalExclTax: bigint('total_excl_tax', { mode: 'number' }),
    taxTotal: bigint('tax_total', { mode: 'number' }),
    total: bigint('total', { mode: 'number' }),
    currency: text('currency'),
    dueDate: date('due_date', { mode: 'string' }),
    buyerName: text('buyer_name'),
    buyerSiren: text('buyer_siren'),
    buyerVatId: text('buyer_vat_id'),
    /**
     * The latest lifecycle status (by `occurred_at`, ties by arrival) and when it occurred: kept by a
     * trigger on `lifecycle_statuses` (migration 0017), whoever records the status.
     */
    lifecycleCode: smallint('lifecycle_code'),
    lifecycleOccurredAt: timestamp('lifecycle_occurred_at', { withTimezone: true }),
    /** The last change of processing state or lifecycle status (triggers, migration 0017); null: none since `created_at`. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    // Only the rows still waiting for the pipeline, per tenant: the claim reads the tenants that have a
    // seller profile, so a backlog of a tenant without one is never walked (src/pipeline/claim.ts).
    index('submissions_received_tenant_idx').on(t.tenantId, t.id).where(sql`${t.processingState} = 'received'`),
    // The sending stage's queue: validated rows wait for the PA connector.
    index('submissions_validated_idx').on(t.id).where(sql`${t.processingState} = 'validated'`),
    // Numbers are per seller: two sellers of a tenant may both issue FA-1 (spec § Errors, 409 duplicate-submission).
    uniqueIndex('submissions_tenant_seller_type_number_key').on(t.tenantId, t.sellerSiren, t.documentType, t.number),
    index('submissions_tenant_seller_idx').on(t.tenantId, t.sellerSiren, t.id.desc()),
    uniqueIndex('submissions_tenant_type_saas_id_key').on(t.tenantId, t.documentType, t.saasId),
    // Unique (the id alone is) so that rows tied to a submission can reference
    // (tenant_id, id): one foreign key checks both the submission and its tenant.
    uniqueIndex('submissions_tenant_id_key').on(t.tenantId, t.id.desc()),
    // The list's other orders and searches (docs/console.md, "Query plans"). Byte order ("C") for numbers
    // and buyer names, so a prefix search is an index range whatever the database's collation.
    index('submissions_tenant_issue_date_idx').on(t.tenantId, t.issueDate, t.id),
    index('submissions_tenant_number_idx').on(t.tenantId, sql`(${t.number} collate "C")`, t.id),
    index('submissions_tenant_buyer_name_idx').on(t.tenantId, sql`(lower(${t.buyerName}) collate "C")`),
    index('submissions_tenant_buyer_siren_idx').on(t.tenantId, t.buyerSiren).where(sql`${t.buyerSiren} is not null`),
  ],
);

/**
 * A row's (tenant_id, submission_id) must name a submission of that tenant.
 * One check instead of one on the submission and one on the tenant: each
 * check takes a share lock on the row it finds, and the tenant's row is the
 * one every concurrent submission of the tenant would queue on (migration 0006).
 */
function submissionOfTenant(name: string, t: { tenantId: AnyPgColumn; submissionId: AnyPgColumn }) {
  return foreignKey({ name, columns: [t.tenantId, t.submissionId], foreignColumns: [submissions.tenantId, submissions.id] });
}

/**
 * Idempotency-Key records. Written in the same transaction as the submission
 * they point to, so a rejected request (422, 409) never consumes its key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id').notNull(),
    key: text('key').notNull(),
    /** `<document type>:<SHA-256 of the body bytes>`; differing bytes are compared as JSON values (submission-service.ts, keyConflict). */
    requestHash: text('request_hash').notNull(),
    submissionId: uuid('submission_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] }), submissionOfTenant('idempotency_keys_submission_fk', t)],
);

/**
 * Credentials of the accredited platform (PA) reporting lifecycle statuses:
 * a different kind of token from the tenants' (`plt_` prefix), not tied to a
 * tenant. Hash only, like tenant tokens.
 */
export const platformTokens = pgTable('platform_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull().unique(),
  secretHash: text('secret_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Lifecycle status entries reported by the PA (the CDV codes, src/domain/lifecycle/codes.ts). Append-only:
 * a trigger in the migrations refuses UPDATE, DELETE and TRUNCATE (10-year
 * audit trail, spec § Limits).
 */
export const lifecycleStatuses = pgTable(
  'lifecycle_statuses',
  {
    /** Arrival order; breaks ties between equal `occurred_at`. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id),
    code: smallint('code').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    reasonCode: text('reason_code'),
    /** The label the PA wrote (CDAR ProcessCondition), kept raw; the gateway's own label comes from the code. */
    platformLabel: text('platform_label'),
    /** Who emitted it: `platform` (the PA's statuses) or `seller` (the gateway's 212 Encaissée for a payment, migration 0019). */
    source: text('source').notNull().default('platform'),
    /** The platform's event id; the same event twice records one entry. */
    eventId: text('event_id'),
    /**
     * Set once, on arrival: AFTER_FINAL_STATUS (arrived after a final code: 210, 212, 213, 220, 501),
     * REASON_MISSING (210, 213 or 501 without a reason), TO_BE_VERIFIED (214).
     */
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The codes themselves are the domain's (src/domain/lifecycle/codes.ts): 200 to 214 and the CDV list's others (220, 501, ...).
    check('lifecycle_statuses_code_digits', sql`${t.code} between 100 and 999`),
    index('lifecycle_statuses_submission_idx').on(t.submissionId, t.occurredAt, t.id),
    uniqueIndex('lifecycle_statuses_event_id_key').on(t.eventId),
  ],
);

export const submissionEventTypeEnum = pgEnum('submission_event_type', [
  'received',
  'lifecycle_status_added',
  'processing_state_changed',
  // An e-report's moves (drizzle/0025): the row names the report, not a submission.
  'e_report_sent',
  'e_report_accepted',
  'e_report_rejected',
]);

/**
 * Every change of a submission, written in the same transaction as the change
 * itself: subscriptions resync from it, webhooks deliver from it (an outbox).
 */
export const submissionEvents = pgTable(
  'submission_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id').notNull(),
    /** Null for an e-report event, which names `eReportId` instead. */
    submissionId: uuid('submission_id'),
    type: submissionEventTypeEnum('type').notNull(),
    eReportId: uuid('e_report_id').references((): AnyPgColumn => eReports.id),
    lifecycleStatusId: bigint('lifecycle_status_id', { mode: 'number' }).references(() => lifecycleStatuses.id),
    /** The new state, for `processing_state_changed` (and `received`). */
    processingState: processingStateEnum('processing_state'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // No secondary index: events are read by id (resync, views), and every index slows each write.
  (t) => [submissionOfTenant('submission_events_submission_fk', t)],
);

/**
 * A tenant's webhook endpoint. The signing secret is kept sealed (AES-256-GCM,
 * WEBHOOK_SECRETS_KEY): signing needs it back, so it cannot be hashed. After a
 * rotation the previous secret keeps signing until `previousSecretExpiresAt`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: text('event_types').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** Start of the current run of failed attempts; null after a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** `gone` (the endpoint answered 410), `failing` (3 days of failures) or `manual`. */
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_tenant_idx').on(t.tenantId)],
);

/**
 * One event to deliver to one endpoint. The payload is frozen when the
 * delivery is created, so every retry sends the same bytes under the same
 * `webhook-id` (the delivery id).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => submissionEvents.id),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    /** `pending`, `succeeded` or `failed` (gave up; can be redelivered). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id.desc()),
  ],
);

/** Every delivery attempt: when, the HTTP status (if any), how long, and the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

/**
 * A tenant's sellers (EN 16931 BG-4, the legal entities the tenant invoices for; the SaaS document names only the
 * buyer), keyed by SIREN, each stored complete (defaults filled in) as the wire shape of `GET /v1/sellers/{siren}`
 * (`src/model/seller-profile.ts`). Exactly one is the tenant's default (`PUT /v1/seller-profile`), used by documents
 * that name none; the first seller of a tenant is its default.
 */
export const sellers = pgTable(
  'sellers',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** BT-30, 9 digits. */
    siren: text('siren').notNull(),
    profile: jsonb('profile').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.siren] }), uniqueIndex('sellers_default_key').on(t.tenantId).where(sql`${t.isDefault}`)],
);

/**
 * What the PA's Directory Service (XP Z12-013 Annex B) said of a SIREN, kept for `DIRECTORY_CACHE_TTL_S`: shared by
 * instances and restarts, and the `checked_at` of `GET /v1/directory/{siren}`.
 */
export const directoryEntries = pgTable('directory_entries', {
  siren: text('siren').primaryKey(),
  /** `{ registered, lines: [...] }` as `src/model/directory.ts` describes it. */
  entry: jsonb('entry').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The e-invoices the pipeline generated for a submission (UBL 2.1 and CII D22B),
 * kept byte for byte: what goes to the PA and what the client archives. Also
 * the French processing rule (B2B, B2BInt, B2C) and the validation warnings.
 */
export const submissionDocuments = pgTable(
  'submission_documents',
  {
    submissionId: uuid('submission_id').primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    ubl: text('ubl').notNull(),
    cii: text('cii').notNull(),
    processingRule: text('processing_rule').notNull(),
    /** Why the document got its processing rule (the buyer's identifiers, the directory's answer). */
    processingRuleReason: text('processing_rule_reason'),
    /** BT-30 seller SIREN as written (null on rows older than the PA connector). */
    sellerSiren: text('seller_siren'),
    /** Non-fatal findings of the official artefacts: `[{ rule, message, location }]`. */
    warnings: jsonb('warnings').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [submissionOfTenant('submission_documents_submission_fk', t)],
);

/**
 * What the gateway sent to the PA for a validated submission (AFNOR XP Z12-013
 * createFlow) and what came back: the PA's `flowId` and `submittedAt`, the flow's
 * acknowledgement, and the sending attempts. The sending queue itself is the
 * submission row in `validated` (lease and backoff in `pipeline_next_at`, like the
 * validation stage); this row is written by the first attempt and kept after.
 * `invoice_number` (BT-1) and `seller_siren` (BT-30) as sent are the join key of
 * the PA's CDAR status messages, which carry no trackingId.
 */
export const platformFlows = pgTable(
  'platform_flows',
  {
    submissionId: uuid('submission_id').primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    /** BT-1 as written in the document sent. */
    invoiceNumber: text('invoice_number').notNull(),
    /** BT-30 (SIREN, scheme 0002) as written in the document sent. */
    sellerSiren: text('seller_siren').notNull(),
    /** The PA's flowId, once a createFlow answered 202 (or a search by trackingId found it). */
    flowId: text('flow_id'),
    /** The PA's submittedAt (its clock), as given. */
    submittedAt: text('submitted_at'),
    /** The flow's acknowledgement: Pending, Ok or Error (null before the 202). */
    ackStatus: text('ack_status'),
    /** AcknowledgementDetail[] of an Error (or Warning) acknowledgement. */
    ackDetails: jsonb('ack_details'),
    /** createFlow attempts so far. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A createFlow was sent without a usable answer: search by trackingId before sending again. */
    outcomeUnknown: boolean('outcome_unknown').notNull().default(false),
    /** When the latest createFlow attempt began (database clock): the unknown-outcome grace period counts from it. */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    submissionOfTenant('platform_flows_submission_fk', t),
    uniqueIndex('platform_flows_flow_id_key').on(t.flowId),
    index('platform_flows_document_key_idx').on(t.sellerSiren, t.invoiceNumber),
    index('platform_flows_pending_idx').on(t.submissionId).where(sql`${t.ackStatus} = 'Pending'`),
  ],
);

/**
 * Where the status poller stands with each PA connection: the `updatedAt` of the
 * last incoming flow it handled (the PA's own string, given back as
 * `updatedAfter`), so a restart neither misses nor replays a status.
 */
export const platformCursors = pgTable('platform_cursors', {
  /** The connection (PLATFORM and PA_FLOW_URL). */
  connection: text('connection').primaryKey(),
  updatedAfter: text('updated_after').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Leases of a PA connection's shared jobs (migration 0024, src/platform/leases.ts): `holder` (a gateway process's
 * random id) holds `name` while it renews `renewed_at`; a row older than the staleness window is free.
 */
export const platformLeases = pgTable('platform_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Incoming PA flows the gateway could not record (unreadable CDAR, no matching
 * submission): kept, with the problem, so nothing is silently dropped.
 */
export const platformInboundProblems = pgTable('platform_inbound_problems', {
  flowId: text('flow_id').primaryKey(),
  connection: text('connection').notNull(),
  problem: text('problem').notNull(),
  /** The status read from the CDAR when it could be read (invoice number, SIREN, code). */
  detail: jsonb('detail'),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Incoming PA flows whose fetch failed while the PA answered searches: attempts so far and the
 * first failure's time, so a flow the PA cannot serve is set aside after a bounded number of tries over a bounded
 * time (src/platform/inbound/retries.ts), never holding the cursor forever.
 */
export const platformInboundRetries = pgTable('platform_inbound_retries', {
  flowId: text('flow_id').primaryKey(),
  connection: text('connection').notNull(),
  attempts: integer('attempts').notNull().default(0),
  firstFailedAt: timestamp('first_failed_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
});

/**
 * A payment the SaaS recorded on an invoice (docs/payments.md): amounts in minor units of the invoice's currency,
 * `parts` the amount per VAT rate (`[{ percentage, amount }]`, summing to `amount`), and how it is reported
 * (`channel`, `state`, `reason`: src/domain/payments/reporting.ts). For the channel `status_212` the row is the
 * outbox of its 212 Encaissée flow: `cdar` written with the row, due while `pending` once the invoice is `sent`
 * (lease and backoff in `next_at`), then the PA's flowId and acknowledgement, like `platform_flows`. `id` (a
 * gateway UUID) is the flow's trackingId and the CDAR's message id; `payment_id` the SaaS's id (unique per tenant).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    submissionId: uuid('submission_id').notNull(),
    paymentId: text('payment_id').notNull(),
    /** SHA-256 of the canonical request (submission id and body): a replay with another body is a 409. */
    requestHash: text('request_hash').notNull(),
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method'),
    currency: text('currency').notNull(),
    sellerSiren: text('seller_siren'),
    parts: jsonb('parts').notNull(),
    channel: text('channel').notNull(),
    state: text('state').notNull(),
    reason: text('reason').notNull(),
    cdar: text('cdar'),
    nextAt: timestamp('next_at', { withTimezone: true }),
    flowId: text('flow_id'),
    flowSubmittedAt: text('flow_submitted_at'),
    ackStatus: text('ack_status'),
    ackDetails: jsonb('ack_details'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    outcomeUnknown: boolean('outcome_unknown').notNull().default(false),
    /** When the latest createFlow attempt began (migration 0024): the unknown-outcome grace period counts from it. */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The seller's 212 in the invoice's lifecycle history, once the PA took the flow. */
    lifecycleStatusId: bigint('lifecycle_status_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    submissionOfTenant('payments_submission_fk', t),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_channel', sql`${t.channel} in ('status_212', 'e_reporting', 'none')`),
    check('payments_state', sql`${t.state} in ('pending', 'sent', 'acknowledged', 'rejected', 'not_required')`),
    uniqueIndex('payments_tenant_payment_id_key').on(t.tenantId, t.paymentId),
    index('payments_submission_idx').on(t.submissionId, t.createdAt, t.id),
    uniqueIndex('payments_flow_id_key').on(t.flowId),
    index('payments_212_due_idx').on(t.nextAt).where(sql`${t.channel} = 'status_212' AND ${t.state} = 'pending'`),
    index('payments_212_unacknowledged_idx').on(t.id).where(sql`${t.channel} = 'status_212' AND ${t.state} = 'sent'`),
    index('payments_e_reporting_idx').on(t.sellerSiren, t.paidAt).where(sql`${t.channel} = 'e_reporting'`),
  ],
);

/**
 * E-reporting transmissions (flux 10, docs/e-reporting.md; migration 0020): one row per seller × period × kind
 * × sequence (the first `IN`, each later one `RE` when an earlier one was transmitted). The row is the outbox of
 * its own work (`job_next_at`): an `open` row is due at `close_at` (closing), a `closed` one at once (sending),
 * a `sent` one while the portal's answer is awaited (status polling).
 */
export const eReports = pgTable(
  'e_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    sellerSiren: text('seller_siren').notNull(),
    kind: text('kind').notNull().$type<'transactions' | 'payments'>(),
    periodId: text('period_id').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    portalDeadline: timestamp('portal_deadline', { withTimezone: true }).notNull(),
    sequence: integer('sequence').notNull(),
    type: text('type').notNull().default('IN').$type<'IN' | 'RE'>(),
    state: text('state').notNull().default('open').$type<'open' | 'closed' | 'invalid' | 'sent' | 'accepted' | 'rejected'>(),
    closeAt: timestamp('close_at', { withTimezone: true }).notNull(),
    transmissionId: text('transmission_id').notNull(),
    jobNextAt: timestamp('job_next_at', { withTimezone: true }),
    jobAttempts: integer('job_attempts').notNull().default(0),
    jobLastError: text('job_last_error'),
    totals: jsonb('totals'),
    findings: jsonb('findings'),
    validation: jsonb('validation'),
    statuses: jsonb('statuses').notNull().default(sql`'[]'::jsonb`),
    xml: text('xml'),
    flowId: text('flow_id'),
    flowOutcomeUnknown: boolean('flow_outcome_unknown').notNull().default(false),
    /** When the latest createFlow began: the unknown-outcome grace period counts from it (migration 0026). */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('e_reports_open_key').on(t.tenantId, t.sellerSiren, t.kind, t.periodId).where(sql`${t.state} = 'open'`),
    uniqueIndex('e_reports_sequence_key').on(t.tenantId, t.sellerSiren, t.kind, t.periodId, t.sequence),
    index('e_reports_due_idx').on(t.jobNextAt).where(sql`${t.state} IN ('open', 'closed', 'sent')`),
    index('e_reports_tenant_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

/** Which submissions each e-report covers (a rectificative covers its whole period: every earlier report's too). */
export const eReportSubmissions = pgTable(
  'e_report_submissions',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => eReports.id),
    submissionId: uuid('submission_id').notNull(),
    tenantId: uuid('tenant_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'e_report_submissions_pk', columns: [t.reportId, t.submissionId] }),
    index('e_report_submissions_submission_idx').on(t.submissionId),
  ],
);

/** Which payments each payments e-report covers (linked at freezing: every e-reportable payment of its period). */
export const eReportPayments = pgTable(
  'e_report_payments',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => eReports.id),
    paymentId: uuid('payment_id').notNull(),
    tenantId: uuid('tenant_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'e_report_payments_pk', columns: [t.reportId, t.paymentId] }),
    index('e_report_payments_payment_idx').on(t.paymentId),
  ],
);
/**
 * The sandbox PA's flows (src/platform/sandbox-store.ts): the Flow metadata as the sandbox answers
 * it, the original file in base64, and the columns its searches filter on. `updated_ms` is the flow's updatedAt.
 */
export const sandboxPaFlows = pgTable(
  'sandbox_pa_flows',
  {
    flowId: text('flow_id').primaryKey(),
    updatedMs: bigint('updated_ms', { mode: 'number' }).notNull(),
    flow: jsonb('flow').notNull(),
    original: text('original').notNull(),
    fileName: text('file_name').notNull(),
    flowInfo: jsonb('flow_info'),
    trackingId: text('tracking_id'),
    flowType: text('flow_type').notNull(),
    flowDirection: text('flow_direction').notNull(),
    processingRule: text('processing_rule'),
    ackStatus: text('ack_status').notNull(),
  },
  (t) => [
    index('sandbox_pa_flows_updated_idx').on(t.updatedMs),
    index('sandbox_pa_flows_pending_idx').on(t.ackStatus).where(sql`${t.ackStatus} = 'Pending'`),
  ],
);

/** The sandbox PA's running lifecycle scripts: the next status (`next`, an index into `steps`) is due at `due_ms`. */
export const sandboxPaScripts = pgTable(
  'sandbox_pa_scripts',
  {
    flowId: text('flow_id').primaryKey(),
    subject: jsonb('subject').notNull(),
    steps: jsonb('steps').notNull(),
    processingRule: text('processing_rule'),
    stepMs: integer('step_ms').notNull(),
    next: integer('next').notNull(),
    dueMs: bigint('due_ms', { mode: 'number' }).notNull(),
  },
  (t) => [index('sandbox_pa_scripts_due_idx').on(t.dueMs)],
);

/** The sandbox PA's updatedAt clock (one row, id 1): each stamp is after the last, across instances. */
export const sandboxPaClock = pgTable('sandbox_pa_clock', {
  id: smallint('id').primaryKey(),
  lastMs: bigint('last_ms', { mode: 'number' }).notNull(),
});
