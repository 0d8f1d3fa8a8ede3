/**
 * Submission of invoices and credit notes (spec § Endpoints, § Errors): the seller the document is for, the 422
 * rules (those of the body and those the body and the seller decide together), the duplicate rule (numbers per
 * seller) and the Idempotency-Key rule. Returns typed results; only unexpected failures throw.
 */
import { parisDate } from '../../lib/paris-date.ts';
import { hash } from 'node:crypto';
import { dequal } from 'dequal';
import type { Db } from '../../db/client.ts';
import type { CreditNoteDocument, DocumentType, InvoiceDocument } from '../../model/documents.ts';
import type { CommittedEvent, EventSink } from '../events/types.ts';
import { newTimeOrderedId } from '../ids.ts';
import { checkCreditNote, checkInvoice, type RuleViolation } from '../rules/index.ts';
import { resolveSeller } from '../sellers/seller-cache.ts';
import type { SellerProfile } from '../../model/seller-profile.ts';
import { findKeyedSubmission } from './idempotency-key.ts';
import { findInvoiceBySaasId, findSubmission, type SubmissionRow } from './read/index.ts';
import { creditNoteSummary, invoiceSummary } from './summary.ts';
import { writeSubmission, type AcceptedFollowUp, type NewSubmission } from './write.ts';

/** What to submit: a structurally valid document of one type, and its body as received. */
export type SubmitCommand = {
  tenantId: string;
  /** The request body exactly as received (REST), or the document serialised (GraphQL); stored verbatim. */
  body: string;
  /**
   * The UTF-8 bytes of `body`, when the caller has them (the REST request as
   * read): hashed as they are, since encoding a 10 KB string again to hash it
   * costs twice the hash itself.
   */
  bodyBytes?: Uint8Array;
  /** Client-chosen key; the same key with the same document replays the first reply. */
  idempotencyKey?: string;
} & ({ documentType: 'invoice'; document: InvoiceDocument } | { documentType: 'credit_note'; document: CreditNoteDocument });

export type SubmitResult =
  /** Accepted (202). `replayed`: an earlier request with the same key and document created it. */
  | { ok: true; submission: SubmissionRow; replayed: boolean }
  /** 422: every rule violation of the document, paths in wire (snake_case) names. */
  | { ok: false; code: 'invalid'; violations: RuleViolation[] }
  /** 422 seller-missing: the document names no seller and the tenant has none (`violations` holds the one at `/seller_siren`). */
  | { ok: false; code: 'seller_missing'; violations: RuleViolation[] }
  /** 409 duplicate-submission: the number or saas id is taken for this tenant and document type. */
  | { ok: false; code: 'duplicate'; existing: SubmissionRow }
  /** 409 idempotency-conflict: the key was used with a different document, the submission `existing` (when still visible). */
  | { ok: false; code: 'idempotency_conflict'; existing: SubmissionRow | undefined };

/**
 * Submits a document. Duplicate and idempotency checks rest on unique indexes
 * (one statement, see `write.ts`), so twenty concurrent requests with
 * one key or one number create exactly one submission. A rejected request
 * writes nothing and does not consume its key. The `received` event is written
 * with the submission; when the sink has follow-up work for it (a webhook
 * fan-out), that work is enqueued in the same transaction; the event is handed
 * to `sink.committed` after commit.
 */
export async function submit(db: Db, sink: EventSink, command: SubmitCommand): Promise<SubmitResult> {
  const { tenantId, idempotencyKey: key } = command;
  const named = typeof command.document.seller_siren === 'string' ? command.document.seller_siren : undefined;
  const seller = await resolveSeller(db, tenantId, named);
  if (!seller && named === undefined) return { ok: false, code: 'seller_missing', violations: [SELLER_MISSING] };
  const violations =
    command.documentType === 'invoice' ? checkInvoice(command.document, seller) : checkCreditNote(command.document, seller);
  if (!seller) {
    violations.unshift({
      path: ['seller_siren'],
      rule: 'GW-SELLER-UNKNOWN',
      message: `No seller with SIREN "${named!.slice(0, 20)}" under this tenant (POST /v1/sellers creates one)`,
    });
  }
  let origin: Awaited<ReturnType<typeof findInvoiceBySaasId>>;
  if (command.documentType === 'credit_note') {
    origin = await findInvoiceBySaasId(db, tenantId, command.document.invoice_id);
    if (!origin) {
      violations.push({
        path: ['invoice_id'],
        rule: 'GW-ORIGIN-INVOICE-UNKNOWN',
        message: `No invoice with id "${command.document.invoice_id}" was submitted by this tenant`,
      });
    } else if (seller && origin.sellerSiren !== null && origin.sellerSiren !== seller.siren) {
      violations.push({
        path: ['seller_siren'],
        rule: 'GW-SELLER-MISMATCH',
        message: `The invoice "${command.document.invoice_id}" was issued by the seller ${origin.sellerSiren}, not ${seller.siren}`,
      });
    }
  }
  if (violations.length > 0) return { ok: false, code: 'invalid', violations };

  const { id, createdAt } = newTimeOrderedId();
  const document = command.document;
  const bodySha256 = sha256(command.bodyBytes ?? command.body);
  const row = {
    id,
    tenantId,
    documentType: command.documentType,
    saasId: document.id,
    number: document.number,
    sellerSiren: (seller as SellerProfile).siren,
    processingState: 'received' as const,
    issueDate: issueDate(command),
    originSubmissionId: origin?.id ?? null,
    precedingInvoiceNumber: origin?.number ?? null,
    precedingInvoiceDate: origin?.issueDate ?? null,
    body: command.body,
    bodySha256,
    createdAt,
    summary: command.documentType === 'invoice' ? invoiceSummary(command.document) : creditNoteSummary(command.document, origin),
  };
  const idempotency = key ? { key, requestHash: `${command.documentType}:${bodySha256}` } : undefined;

  const followUp = (await sink.wantsOutbox(db, tenantId)) ? outboxOf(sink) : undefined;
  const written = await writeSubmission(db, row, idempotency, followUp);

  switch (written.outcome) {
    case 'accepted': {
      sink.committed([receivedEvent(written, row)]);
      return { ok: true, submission: submissionRow(row), replayed: false };
    }
    case 'replayed': {
      const submission = await findSubmission(db, tenantId, written.submissionId!);
      if (!submission) throw new Error(`idempotency key points to missing submission ${written.submissionId}`);
      return { ok: true, submission, replayed: true };
    }
    case 'idempotency_conflict':
    case 'key_taken':
      return keyConflict(db, command);
    case 'duplicate': {
      const existing = await findSubmission(db, tenantId, written.submissionId!);
      if (!existing) throw new Error(`submission ${id} conflicted with no visible row`);
      return { ok: false, code: 'duplicate', existing };
    }
  }
}

const SELLER_MISSING: RuleViolation = {
  path: ['seller_siren'],
  rule: 'GW-SELLER-MISSING',
  message: 'This tenant has no seller yet: create one (POST /v1/sellers or PUT /v1/seller-profile), or name it in seller_siren',
};

// One follow-up per sink, not one per call: a group commit enqueues the work of writes that share it in one call.
const outboxes = new WeakMap<EventSink, AcceptedFollowUp>();

/** The follow-up that hands accepted writes' `received` events to `sink` inside their transaction. */
function outboxOf(sink: EventSink): AcceptedFollowUp {
  let followUp = outboxes.get(sink);
  if (!followUp) {
    followUp = (tx, accepted) =>
      sink.recorded(
        tx,
        accepted.map(({ row, outcome }) => receivedEvent(outcome, row)),
      );
    outboxes.set(sink, followUp);
  }
  return followUp;
}

/** The stored row without its body (object rest with excluded keys took V8's slow path on every submission). */
function submissionRow(row: NewSubmission): SubmissionRow {
  return {
    id: row.id,
    tenantId: row.tenantId,
    documentType: row.documentType,
    saasId: row.saasId,
    number: row.number,
    sellerSiren: row.sellerSiren,
    processingState: row.processingState,
    issueDate: row.issueDate,
    originSubmissionId: row.originSubmissionId,
    precedingInvoiceNumber: row.precedingInvoiceNumber,
    precedingInvoiceDate: row.precedingInvoiceDate,
    createdAt: row.createdAt,
  };
}

function receivedEvent(
  written: { eventId: number | null },
  row: { id: string; tenantId: string; documentType: DocumentType },
): CommittedEvent {
  return { id: written.eventId!, type: 'received', tenantId: row.tenantId, submissionId: row.id, documentType: row.documentType };
}

/**
 * The key was used with other bytes. "Same body" for Idempotency-Key means the
 * same document for the same endpoint: key order and whitespace do not
 * matter, every value does, unknown fields included. The stored request hash
 * covers the exact bytes (cheap, and what retries send); only here, when the
 * bytes differ, are both documents compared as parsed JSON values (`dequal`:
 * objects by their keys whatever the order, arrays in order, strings code
 * unit by code unit). The comparison is total: it cannot fail on anything a
 * first request could have stored, a lone surrogate in an unchecked field
 * included (RFC 8785 canonical JSON, used before, refuses those and turned
 * every later retry into a 500).
 */
async function keyConflict(db: Db, command: SubmitCommand): Promise<SubmitResult> {
  const prior = await findKeyedSubmission(db, command.tenantId, command.idempotencyKey!);
  const same =
    prior !== undefined && prior.submission.documentType === command.documentType && dequal(JSON.parse(prior.body), command.document);
  return same
    ? { ok: true, submission: prior.submission, replayed: true }
    : { ok: false, code: 'idempotency_conflict', existing: prior?.submission };
}

/** BT-2: the date in Europe/Paris of `finalized_at`, else `created_at`: the one the generated e-invoice carries. */
function issueDate(command: SubmitCommand): string {
  const stamp =
    command.documentType === 'invoice' ? (command.document.finalized_at ?? command.document.created_at) : command.document.created_at;
  return parisDate(stamp);
}

/** SHA-256 of `data` (a string as UTF-8), in hex. One-shot: no Hash object per call. */
function sha256(data: string | Uint8Array): string {
  return hash('sha256', data, 'hex');
}
