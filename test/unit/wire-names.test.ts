import { isInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/schema/index.ts';
import { graphQLPathToWire, inputToWire, toGraphQLName, toWireName, wirePathToGraphQL } from '../../src/schema/wire-names.ts';

const InvoiceInput = schema.getType('InvoiceInput');
if (!isInputObjectType(InvoiceInput)) throw new Error('InvoiceInput missing');

describe('wire names', () => {
  it.each([
    ['customer_id', 'customerId'],
    ['total_excl_tax', 'totalExclTax'],
    ['line1', 'line1'],
    ['postal_code', 'postalCode'],
  ])('%s <-> %s', (wire, graphql) => {
    expect(toGraphQLName(wire)).toBe(graphql);
    expect(toWireName(graphql)).toBe(wire);
  });

  it('converts an input value to wire names and drops nulls', () => {
    expect(inputToWire({ customerId: 'c', amountPaid: null, lines: [{ unitAmount: 1, type: undefined }] })).toEqual({
      customer_id: 'c',
      lines: [{ unit_amount: 1 }],
    });
  });

  it.each([
    [
      ['customer_snapshot', 'billing_address', 'country'],
      ['customerSnapshot', 'billingAddress', 'country'],
    ],
    [
      ['lines', 3, 'taxes', 0, 'percentage'],
      ['lines', 3, 'taxes', 0, 'percentage'],
    ],
    [
      ['lines', 0, 'unit_amount'],
      ['lines', 0, 'unitAmount'],
    ],
    // Unknown fields keep their spelling, even when it looks like snake or camel case.
    [
      ['shipping_address', 'country'],
      ['shipping_address', 'country'],
    ],
    [
      ['customer_snapshot', 'extraInfo', 'post_code'],
      ['customerSnapshot', 'extraInfo', 'post_code'],
    ],
  ] as const)('translates the path %j both ways', (wire, graphql) => {
    expect(wirePathToGraphQL(InvoiceInput, wire)).toEqual(graphql);
    expect(graphQLPathToWire(InvoiceInput, graphql)).toEqual(wire);
  });
});
