// The 422 rules of recording a payment (src/domain/payments/rules.ts): one row per rule with its JSON pointer,
// the parts returned (given breakdown or default split), and the invoice-level refusals.
import { describe, expect, it } from 'vitest';
import { PAYMENT_RULE_CATALOGUE } from '../../../src/domain/payments/catalogue.ts';
import { checkPayment, type PaymentContext, type PaymentInput } from '../../../src/domain/payments/rules.ts';
import { toJsonPointer } from '../../../src/domain/json-pointer.ts';
import { parts, shares } from '../../support/unit-payments.ts';

const context: PaymentContext = {
  invoice: {
    kind: 'invoice',
    processingState: 'sent',
    issueDate: '2026-10-01',
    total: 17275,
    rates: shares([20, 12000], [5.5, 5275]),
  },
  alreadyPaid: 0,
  today: '2026-11-27',
};
const payment: PaymentInput = { id: 'pay_1', paid_at: '2026-11-02', amount: 10000 };

/** The [JSON pointer, rule] pairs a payment breaks, sorted. */
function broken(input: Partial<PaymentInput>, ctx: Partial<PaymentContext> = {}): Array<[string, string]> {
  const result = checkPayment({ ...payment, ...input }, { ...context, ...ctx });
  if (result.ok) return [];
  return result.violations.map((v): [string, string] => [toJsonPointer(v.path), v.rule]).sort();
}

describe('checkPayment', () => {
  it('a valid payment without breakdown gets the default split', () => {
    expect(checkPayment(payment, context)).toEqual({
      ok: true,
      parts: parts([20, 6946], [5.5, 3054]),
    });
  });

  it('a valid breakdown is kept as given', () => {
    const vat_breakdown = parts([5.5, 5275], [20, 4725]);
    expect(checkPayment({ ...payment, vat_breakdown }, context)).toEqual({ ok: true, parts: vat_breakdown });
  });

  it.each<[string, Partial<PaymentInput>, Partial<PaymentContext>, Array<[string, string]>]>([
    ['amount 0', { amount: 0 }, {}, [['/amount', 'GW-PAYMENT-AMOUNT']]],
    ['a negative amount', { amount: -5 }, {}, [['/amount', 'GW-PAYMENT-AMOUNT']]],
    ['a fractional amount', { amount: 1.5 }, {}, [['/amount', 'GW-PAYMENT-AMOUNT']]],
    ['the whole total is fine', { amount: 17275 }, {}, []],
    ['one unit above the total', { amount: 17276 }, {}, [['/amount', 'GW-PAYMENT-ABOVE-TOTAL']]],
    ['cumulative: the rest is fine', { amount: 7275 }, { alreadyPaid: 10000 }, []],
    ['cumulative: one unit above', { amount: 7276 }, { alreadyPaid: 10000 }, [['/amount', 'GW-PAYMENT-ABOVE-TOTAL']]],
    ['paid on the issue date', { paid_at: '2026-10-01' }, {}, []],
    ['paid the day before the issue date', { paid_at: '2026-09-30' }, {}, [['/paid_at', 'GW-PAYMENT-BEFORE-ISSUE']]],
    ['paid today in Paris', { paid_at: '2026-11-27' }, {}, []],
    ['paid tomorrow in Paris', { paid_at: '2026-11-28' }, {}, [['/paid_at', 'GW-PAYMENT-FUTURE']]],
    ['a blank id', { id: '  ' }, {}, [['/id', 'GW-PAYMENT-ID']]],
    ['an id of 256 characters', { id: 'x'.repeat(256) }, {}, [['/id', 'GW-PAYMENT-ID']]],
    ['an id with U+0000', { id: 'a\u0000' }, {}, [['/id', 'GW-PAYMENT-ID']]],
    ['a method with an unpaired surrogate', { method: 'card \ud800' }, {}, [['/method', 'GW-PAYMENT-METHOD']]],
    ['an empty method', { method: '' }, {}, [['/method', 'GW-PAYMENT-METHOD']]],
    ['a null method is none', { method: null }, {}, []],
    [
      'a breakdown that does not add up',
      { vat_breakdown: parts([20, 5000], [5.5, 4999]) },
      {},
      [['/vat_breakdown', 'GW-PAYMENT-BREAKDOWN-SUM']],
    ],
    ['an empty breakdown', { vat_breakdown: [] }, {}, [['/vat_breakdown', 'GW-PAYMENT-BREAKDOWN-SUM']]],
    [
      'a rate the invoice lacks',
      { vat_breakdown: parts([20, 5000], [10, 5000]) },
      {},
      [['/vat_breakdown/1/percentage', 'GW-PAYMENT-BREAKDOWN-RATE']],
    ],
    ['a rate twice', { vat_breakdown: parts([20, 5000], [20, 5000]) }, {}, [['/vat_breakdown/1/percentage', 'GW-PAYMENT-BREAKDOWN-RATE']]],
    [
      'a part of 0 (the sum is not checked again)',
      { vat_breakdown: parts([20, 10000], [5.5, 0]) },
      {},
      [['/vat_breakdown/1/amount', 'GW-PAYMENT-AMOUNT']],
    ],
    [
      'several rules at once',
      { amount: 20000, paid_at: '2027-01-01', vat_breakdown: parts([7, 20000]) },
      {},
      [
        ['/amount', 'GW-PAYMENT-ABOVE-TOTAL'],
        ['/paid_at', 'GW-PAYMENT-FUTURE'],
        ['/vat_breakdown/0/percentage', 'GW-PAYMENT-BREAKDOWN-RATE'],
      ],
    ],
    [
      'a credit note, whatever the body',
      { amount: -1 },
      { invoice: { ...context.invoice, kind: 'credit_note' } },
      [['', 'GW-PAYMENT-CREDIT-NOTE']],
    ],
    ['an invoice waiting for its seller, whatever the body', { amount: -1 }, { sellerMissing: true }, [['', 'GW-PAYMENT-SELLER-MISSING']]],
    [
      'a rejected invoice, whatever the body',
      { amount: -1 },
      { invoice: { ...context.invoice, processingState: 'rejected' } },
      [['', 'GW-PAYMENT-INVOICE-REJECTED']],
    ],
    ['an invoice not sent yet takes payments', {}, { invoice: { ...context.invoice, processingState: 'received' } }, []],
  ])('%s', (_, input, ctx, expected) => {
    expect(broken(input, ctx)).toEqual(expected);
  });

  it('every rule of the catalogue is emitted by some case above, and nothing outside it', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('../../../src/domain/payments/rules.ts', import.meta.url), 'utf8');
    const emitted = new Set([...source.matchAll(/'(GW-PAYMENT-[A-Z-]+)'/g)].map((m) => m[1]));
    expect([...emitted].sort()).toEqual(PAYMENT_RULE_CATALOGUE.map((entry) => entry.id).sort());
  });
});
