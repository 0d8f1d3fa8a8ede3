/** Submission rows and Idempotency-Key records for tests that call the write path directly (group commit). */
import { randomUUID } from 'node:crypto';
import { newTimeOrderedId } from '../../src/domain/ids.ts';
import type { KeyRecord, NewSubmission } from '../../src/domain/submissions/write.ts';

/** A submission row of `tenantId`; `number` and `saasId` default to fresh values. */
export function row(tenantId: string, fields: { number?: string; saasId?: string; sellerSiren?: string } = {}): NewSubmission {
  const { id, createdAt } = newTimeOrderedId();
  const unique = randomUUID().slice(0, 8);
  return {
    id,
    tenantId,
    documentType: 'invoice',
    saasId: fields.saasId ?? `inv_${unique}`,
    number: fields.number ?? `F-${unique}`,
    sellerSiren: fields.sellerSiren ?? '900123456',
    processingState: 'received',
    issueDate: '2026-11-22',
    originSubmissionId: null,
    precedingInvoiceNumber: null,
    precedingInvoiceDate: null,
    body: `{"number":"${fields.number ?? unique}"}`,
    bodySha256: unique,
    createdAt,
  };
}

export const key = (name: string, requestHash: string): KeyRecord => ({ key: name, requestHash });
