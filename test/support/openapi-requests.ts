/**
 * Request bodies for the live OpenAPI conformance suites. Every call is
 * unique (ids, numbers, event ids), so tests sharing one gateway and one
 * tenant never see each other's submissions or events.
 */
import { randomUUID } from 'node:crypto';
import { loadExample } from './documents.ts';

/** `examples/guide-example1.json` under a new id and number, so it is accepted (202) as a new submission. */
export const freshInvoice = () => {
  const body = loadExample('guide-example1');
  const suffix = randomUUID();
  return { ...body, id: `ubl_${suffix}`, number: `INV-${suffix}` };
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
