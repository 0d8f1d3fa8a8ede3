import { isInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { decodeInput } from '../../rest-facade/decode.ts';
import { schema } from '../../src/schema/index.ts';
import { invoice, loadExample } from '../support/documents.ts';

const InvoiceInput = schema.getType('InvoiceInput');
if (!isInputObjectType(InvoiceInput)) throw new Error('InvoiceInput missing');

describe('decodeInput', () => {
  it('decodes a real invoice into GraphQL names and leaves unknown fields out', () => {
    const result = decodeInput(InvoiceInput, { ...loadExample('guide-example1'), x_extra: 1 });
    expect(result.ok).toBe(true);
    const value = (result as { value: Record<string, any> }).value;
    expect(value.totalExclTax).toBe(22960);
    expect(value.customerSnapshot.billingAddress.postalCode).toBe('1960 AJ');
    expect(value).not.toHaveProperty('x_extra');
    expect(value).not.toHaveProperty('total_excl_tax');
  });

  it.each([
    ['root not an object', [], '', 'must be an object'],
    ['missing required', invoice().without('total').build(), '/total', 'is required'],
    ['null required', invoice().with('lines', null).build(), '/lines', 'must not be null'],
    ['null list item', invoice().with('lines', [null]).build(), '/lines/0', 'must not be null'],
    ['wrong type', invoice().with('customer_snapshot', 'ACME').build(), '/customer_snapshot', 'must be an object'],
    [
      'boolean as string',
      invoice()
        .withoutLines()
        .withLine((l) => l.withTaxes({ percentage: 5, amount: 1, inclusive: 'no' } as never))
        .build(),
      '/lines/0/taxes/0/inclusive',
      'must be a boolean',
    ],
  ])('reports %s at its pointer', (_name, body, path, message) => {
    const result = decodeInput(InvoiceInput, body);
    expect(result).toEqual({ ok: false, issues: [{ path, message }] });
  });

  it('accepts null for optional fields', () => {
    expect(decodeInput(InvoiceInput, invoice().with('due_date', null).with('status', null).build()).ok).toBe(true);
  });

  it('does not read inherited properties such as __proto__ or toString', () => {
    const body = JSON.parse(JSON.stringify(invoice().without('number').build()));
    Object.setPrototypeOf(body, { number: 'inherited' });
    expect(decodeInput(InvoiceInput, body)).toEqual({ ok: false, issues: [{ path: '/number', message: 'is required' }] });
  });
});
