// The REST handlers' input types, read from their operations' `$input` (rest-facade/handlers/input.ts `inputTypeOf`).
import { describe, expect, it } from 'vitest';
import { bodyPointer, inputTypeOf } from '../../rest-facade/handlers/input.ts';
import { OPERATIONS } from '../../rest-facade/operations.ts';
import { WEBHOOK_OPERATIONS } from '../../rest-facade/webhook-operations.ts';

describe('inputTypeOf', () => {
  it('names the input object type of each operation that takes an $input', () => {
    const named = Object.fromEntries(
      Object.entries({ ...OPERATIONS, ...WEBHOOK_OPERATIONS })
        .filter(([, operation]) =>
          operation.definitions.some(
            (d) => d.kind === 'OperationDefinition' && d.variableDefinitions?.some((v) => v.variable.name.value === 'input'),
          ),
        )
        .map(([name, operation]) => [name, inputTypeOf(operation).name]),
    );
    expect(named).toMatchObject({
      submitInvoice: 'InvoiceInput',
      submitCreditNote: 'CreditNoteInput',
      setSellerProfile: 'SellerProfileInput',
      createSeller: 'SellerProfileInput',
      updateSeller: 'SellerProfileInput',
      recordLifecycleStatus: 'LifecycleEventInput',
      recordPayment: 'PaymentInput',
      notifyFlowUpdated: 'FlowUpdatedInput',
      createWebhookEndpoint: 'WebhookEndpointInput',
      updateWebhookEndpoint: 'WebhookEndpointPatch',
    });
  });

  it('refuses an operation without $input: a programming error', () => {
    expect(() => inputTypeOf(OPERATIONS.sellerProfile)).toThrow(/has no \$input/);
  });

  it('turns an argument pointer into a body pointer in wire names', () => {
    expect(bodyPointer(OPERATIONS.submitInvoice, '/input/lines/0/unitAmount')).toBe('/lines/0/unit_amount');
    expect(bodyPointer(OPERATIONS.submitInvoice, '/input/notAField')).toBe('/notAField');
  });
});
