import { describe, expect, it } from 'vitest';
import type { DeriveInput } from '../../../src/einvoice/input.ts';
import { withoutNulls } from '../../../src/einvoice/nulls.ts';

type Json = Record<string, unknown>;

function invoice(overrides: Json = {}): Json {
  return {
    id: 'inv_1',
    number: 'FA-1',
    currency: 'EUR',
    lines: [
      { id: 'li_1', amount: 100, taxes: [{ percentage: 20, amount: 20 }] },
      { id: 'li_2', amount: 50, taxes: [{ percentage: 20, amount: 10 }] },
    ],
    customer_snapshot: {
      name: 'Atelier',
      billing_address: { city: 'Lyon', country: 'FR' },
      tax_ids: [{ type: 'siren', value: '732829320' }],
    },
    ...overrides,
  };
}

function run(document: Json): Json {
  return withoutNulls({ kind: 'invoice', document } as unknown as DeriveInput).document as unknown as Json;
}

describe('withoutNulls (null on the wire means absent, spec § Documents)', () => {
  const cases: Array<{ name: string; body: () => Json; read: (doc: Json) => unknown; expected: unknown }> = [
    { name: 'a document member', body: () => invoice({ due_date: null }), read: (d) => 'due_date' in d, expected: false },
    {
      name: 'a line member',
      body: () => invoice({ lines: [{ id: 'li_1', amount: 1, description: null, taxes: [] }] }),
      read: (d) => Object.keys((d.lines as Json[])[0]!),
      expected: ['id', 'amount', 'taxes'],
    },
    {
      name: 'a tax member of the second line',
      body: () =>
        invoice({
          lines: [
            { id: 'a', taxes: [] },
            { id: 'b', taxes: [{ percentage: 20, category: null }] },
          ],
        }),
      read: (d) => (d.lines as Array<{ taxes: Json[] }>)[1]!.taxes[0],
      expected: { percentage: 20 },
    },
    {
      name: 'a customer member',
      body: () => invoice({ customer_snapshot: { name: 'A', email: null } }),
      read: (d) => d.customer_snapshot,
      expected: { name: 'A' },
    },
    {
      name: 'an address member',
      body: () => invoice({ customer_snapshot: { name: 'A', billing_address: { line2: null, country: 'FR' } } }),
      read: (d) => (d.customer_snapshot as Json).billing_address,
      expected: { country: 'FR' },
    },
    {
      name: 'a tax id member',
      body: () => invoice({ customer_snapshot: { name: 'A', tax_ids: [{ type: 'siren', value: '1', label: null }] } }),
      read: (d) => (d.customer_snapshot as Json).tax_ids,
      expected: [{ type: 'siren', value: '1' }],
    },
    {
      name: 'nothing inside an unknown field',
      body: () => invoice({ metadata: { note: null } }),
      read: (d) => d.metadata,
      expected: { note: null },
    },
  ];

  it.each(cases)('leaves out $name and leaves the body as it was', ({ body, read, expected }) => {
    const original = body();
    const before = structuredClone(original);
    expect(read(run(original))).toEqual(expected);
    expect(original).toEqual(before);
  });

  it('leaves a member the customer did not have absent when another one changes', () => {
    const result = run(invoice({ customer_snapshot: { name: 'A', tax_ids: [{ type: 'siren', value: '1', label: null }] } }));
    expect(Object.keys(result.customer_snapshot as Json)).toEqual(['name', 'tax_ids']);
  });

  it('shares a body without nulls instead of copying it', () => {
    const original = invoice();
    expect(run(original)).toBe(original);
  });

  it('copies only the objects that held a null', () => {
    const original = invoice({
      lines: [
        { id: 'a', note: null, taxes: [] },
        { id: 'b', taxes: [] },
      ],
    });
    const result = run(original);
    expect(result).not.toBe(original);
    expect((result.lines as Json[])[1]).toBe((original.lines as Json[])[1]);
    expect(result.customer_snapshot).toBe(original.customer_snapshot);
  });

  it('reads a credit note and its original customer the same way', () => {
    const result = withoutNulls({
      kind: 'credit_note',
      document: { id: 'cn', lines: [], reason: null },
      customer: { name: 'A', email: null },
    } as unknown as DeriveInput);
    expect(result.document).toEqual({ id: 'cn', lines: [] });
    expect(result.kind === 'credit_note' && result.customer).toEqual({ name: 'A' });
  });
});
