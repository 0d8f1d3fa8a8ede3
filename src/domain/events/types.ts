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
