/**
 * Request bodies for the live OpenAPI conformance suites, and the reply of a recorded lifecycle status (also read by
 * lifecycle.test.ts). Every call is unique (ids, numbers, event ids), so tests sharing one gateway and one tenant
 * never see each other's submissions or events.
 */
import { randomUUID } from 'node:crypto';
import { loadExample } from './documents.ts';

/** `examples/fr-b2b-invoice.json` under a new id and number (BR-FR-01: at most 35 characters), so it is accepted (202) as a new submission. */
export const freshInvoice = () => {
  const body = loadExample('fr-b2b-invoice');
  const suffix = randomUUID();
  return { ...body, id: `inv_${suffix}`, number: `INV-${suffix.slice(0, 30)}` };
};

/** A well-formed id that names no submission, endpoint or delivery. */
export const unknownId = () => randomUUID();

/** A valid lifecycle event body (code 200, filed) for `submissionId`, with a new event id; `overrides` win. */
export const lifecycleEvent = (submissionId: string, overrides: Record<string, unknown> = {}) => ({
  submission_id: submissionId,
  code: 200,
  occurred_at: '2015-01-09T11:15:00+01:00',
  event_id: `evt-${randomUUID()}`,
  ...overrides,
});

type RecordedStatus = { code: number; label: string; final: boolean; occurred_at: string; reason_code?: string; flags?: string[] };

/** The reply of `POST /pa/v1/lifecycle-events` that recorded `status` about `submissionId` (not a duplicate). */
export const recordedStatus = (submissionId: string, status: RecordedStatus) => ({
  submission_id: submissionId,
  ...status,
  duplicate: false,
});
