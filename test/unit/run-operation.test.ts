/** The in-process operation runner checks every built-in document when it is built. */
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../rest-facade/operations.ts';
import { WEBHOOK_OPERATIONS } from '../../rest-facade/webhook-operations.ts';
import { operationRunner } from '../../src/http/run-operation.ts';
import { RECORD_LIFECYCLE_STATUS } from '../../src/platform/report.ts';
import { schema } from '../../src/schema/index.ts';

describe('operationRunner', () => {
  it('accepts every built-in document of the gateway', () => {
    expect(() =>
      operationRunner(schema, [...Object.values(OPERATIONS), ...Object.values(WEBHOOK_OPERATIONS), RECORD_LIFECYCLE_STATUS]),
    ).not.toThrow();
  });

  it('refuses, when built, a document the schema does not accept', () => {
    const conflicting = `mutation ($input: InvoiceInput!) { result: submitInvoice(input: $input) {
      ... on DuplicateSubmission { existing { id } } ... on IdempotencyConflict { existing: original { id } } } }`;
    expect(() => operationRunner(schema, [conflicting])).toThrow(/invalid built-in operation: Fields "existing" conflict/);
  });
});
