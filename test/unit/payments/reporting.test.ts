// The reporting channel of a payment (src/domain/payments/reporting.ts), one row per branch and the order of the rules.
import { describe, expect, it } from 'vitest';
import { paymentInvoiceOf, reportingFactsOf } from '../../../src/domain/payments/invoice-facts.ts';
import { decideReporting, type ReportingFacts } from '../../../src/domain/payments/reporting.ts';
import { shares } from '../../support/unit-payments.ts';

const services: ReportingFacts = { processingRule: 'B2B', billingFramework: 'S1', vatCategories: ['S'], vatOnDebits: false };

describe('decideReporting', () => {
  it.each<[string, Partial<ReportingFacts>, string, string, string]>([
    ['domestic B2B services', {}, 'status_212', 'pending', 'domestic_b2b_services'],
    ['domestic B2B mixed', { billingFramework: 'M1' }, 'status_212', 'pending', 'domestic_b2b_services'],
    ['domestic B2B services already paid (S2)', { billingFramework: 'S2' }, 'status_212', 'pending', 'domestic_b2b_services'],
    ['B2C services', { processingRule: 'B2C' }, 'e_reporting', 'pending', 'b2c_services'],
    [
      'international B2B services, export',
      { processingRule: 'B2BInt', vatCategories: ['G'] },
      'e_reporting',
      'pending',
      'international_b2b_services',
    ],
    ['goods', { billingFramework: 'B1' }, 'none', 'not_required', 'goods_only'],
    ['goods to a consumer', { billingFramework: 'B1', processingRule: 'B2C' }, 'none', 'not_required', 'goods_only'],
    ['seller on VAT debits', { vatOnDebits: true }, 'none', 'not_required', 'vat_on_debits'],
    ['reverse charge', { processingRule: 'B2BInt', vatCategories: ['AE'] }, 'none', 'not_required', 'reverse_charge'],
    ['domestic reverse charge', { vatCategories: ['AE', 'AE'] }, 'none', 'not_required', 'reverse_charge'],
    ['partly reverse-charged: reported', { vatCategories: ['AE', 'S'] }, 'status_212', 'pending', 'domestic_b2b_services'],
    ['goods before VAT debits', { billingFramework: 'B4', vatOnDebits: true }, 'none', 'not_required', 'goods_only'],
    ['VAT debits before reverse charge', { vatOnDebits: true, vatCategories: ['AE'] }, 'none', 'not_required', 'vat_on_debits'],
  ])('%s', (_, facts, channel, state, reason) => {
    const decision = decideReporting({ ...services, ...facts });
    expect(decision).toMatchObject({ channel, state, reason });
    expect(decision.message).toMatch(/DSE v3\.2/);
  });
});

describe('reportingFactsOf and paymentInvoiceOf (from the EN 16931 model)', () => {
  const vatBreakdown = [
    { category: 'AE' as const, rate: 0, taxableAmount: 10000, taxAmount: 0 },
    { category: 'S' as const, rate: 20, taxableAmount: 5000, taxAmount: 1000 },
  ];
  it('reads the processing rule, BT-23 and the categories, and takes vat_on_debits as given', () => {
    expect(reportingFactsOf({ processingRule: 'B2BInt', businessProcess: 'M1', vatBreakdown }, true)).toEqual({
      processingRule: 'B2BInt',
      billingFramework: 'M1',
      vatCategories: ['AE', 'S'],
      vatOnDebits: true,
    });
  });
  it('gives the rules the kind, BT-2, the body total and the rates highest first', () => {
    expect(paymentInvoiceOf({ kind: 'invoice', issueDate: '2026-11-02', vatBreakdown }, 16000, 'validated')).toEqual({
      kind: 'invoice',
      processingState: 'validated',
      issueDate: '2026-11-02',
      total: 16000,
      rates: shares([20, 6000], [0, 10000]),
    });
  });
});
