/**
 * Submission events: every change of a submission (received, lifecycle
 * status added, processing state changed), recorded in the same transaction
 * as the change, and handed to an `EventSink` once that transaction commits.
 */
import type { Executor } from '../../db/client.ts';
import type { DocumentType } from '../../model/documents.ts';

export type SubmissionEventType = 'received' | 'lifecycle_status_added' | 'processing_state_changed';

/** A committed event, as handed to the sink: ids only, small enough for a NOTIFY payload. */
export interface CommittedEvent {
  id: number;
  type: SubmissionEventType;
  tenantId: string;
  submissionId: string;
  documentType: DocumentType;
}

/** Where services hand events. */
export interface EventSink {
  /**
   * True when events of `tenantId` need in-transaction follow-up work
   * (`recorded`): writers then use a transaction; otherwise a single statement
   * suffices. `db` is where to look, outside any transaction.
   */
  wantsOutbox(db: Executor, tenantId: string): Promise<boolean>;
  /**
   * Inside the transaction that records `events`: durable follow-up work
   * (webhook fan-out) is enqueued on `tx`, so it commits or rolls back with
   * the changes themselves (an outbox). Several events at once, so a group
   * commit enqueues its batch's work in one statement.
   */
  recorded(tx: Executor, events: readonly CommittedEvent[]): Promise<void>;
  /**
   * After commit: live notifications (subscriptions, the platform connector).
   * Must not throw: delivery problems are the sink's to handle.
   */
  committed(events: readonly CommittedEvent[]): void;
}

/** A sink that drops everything (CLI, tools). */
export const NO_EVENTS: EventSink = { wantsOutbox: async () => false, recorded: async () => {}, committed: () => {} };

/** An e-report's moves that are events: `sent` (the PA took the flow), then the portal's answer. */
export type EReportEventType = 'e_report_sent' | 'e_report_accepted' | 'e_report_rejected';

/** A committed e-report event, as the hub and the webhook fan-out get it: ids only. */
export interface CommittedReportEvent {
  id: number;
  type: EReportEventType;
  tenantId: string;
  reportId: string;
}

/**
 * Where the e-report sender (src/platform/outbound/e-report-sender.ts) hands a report's state changes, the
 * `EventSink` way: `recorded` in the transaction that moved the report (the event row and its webhook fan-out
 * job, an outbox), `committed` after that transaction committed (subscriptions on every instance).
 */
export interface EReportEventSink {
  /** Records the event of `report`'s new state on `tx`; undefined when that state is no event (still `sent`… ). */
  recorded(tx: Executor, report: { id: string; tenantId: string; state: string }): Promise<CommittedReportEvent | undefined>;
  /** After commit; must not throw. */
  committed(events: readonly CommittedReportEvent[]): void;
}
