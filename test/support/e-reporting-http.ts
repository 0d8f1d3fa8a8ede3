/**
 * Helpers of the e-reporting integration tests (test/integration/e-reports*.test.ts): a B2C services invoice of the
 * demo seller as the SaaS sends it, dated and priced as asked, a poll until a value is reached, and the gateway
 * options and suite those tests share.
 */
import type { Engine } from '../../src/db/client.ts';
import { loadExample } from './documents.ts';
import type { startGateway } from './gateway.ts';
import { type SuiteGateway, suiteGateway } from './suite-gateway.ts';
import { until as poll } from './until.ts';

export type Json = Record<string, any>;

/** The demo seller's SIREN: the seller whose periods the tests close. */
export const SELLER = '900123456';

/** Longer than any test: a period closes by request only (the automatic close is its own test). */
export const TEN_YEARS_MS = 10 * 365 * 86_400_000;

/** A gateway with the mounted sandbox PA, the official artefacts and e-reports that close by request only. */
export const E_REPORTING_GATEWAY: NonNullable<Parameters<typeof startGateway>[1]> = {
  platform: { kind: 'sandbox', stepMs: 20, pollIntervalMs: 100 },
  validation: 'official',
  validationWorkers: 1,
  eReporting: { closeDelayMs: TEN_YEARS_MS, pollMs: 200, platform: { id: 'PA01', name: 'Plateforme de test' } },
};

/** Registers in the calling `describe` an E_REPORTING_GATEWAY on `engine` with a tenant (two minutes to start). */
export function eReportingSuite(engine: Engine, take: (started: SuiteGateway) => void): void {
  suiteGateway(engine, take, { ...E_REPORTING_GATEWAY, clients: ['tenant'], timeoutMs: 120_000 });
}

/** Five random letters or digits that keep one run's invoice numbers apart from another's. */
export const runTag = (): string => Math.random().toString(36).slice(2, 7).toUpperCase();

/** The B2C example, numbered `number`, issued on `day` (Paris) with `lines` of [net cents, rate]. */
export function b2c(number: string, day: string, lines: Array<[number, number, string?]>): Json {
  const doc = loadExample('fr-b2c-invoice') as Json;
  doc.id = `saas-${number}`;
  doc.number = number;
  doc.created_at = `${day}T10:00:00+02:00`;
  doc.finalized_at = `${day}T10:01:00+02:00`;
  doc.due_date = day;
  delete doc.period_start;
  delete doc.period_end;
  doc.lines = lines.map(([net, rate, category], i) => ({
    id: `li_${i}`,
    description: `Abonnement ${i}`,
    type: 'subscription',
    quantity: 1,
    unit_amount: net,
    amount: net,
    taxes: [
      { name: `TVA ${rate} %`, percentage: rate, inclusive: false, amount: Math.round((net * rate) / 100), ...(category && { category }) },
    ],
  }));
  const excl = lines.reduce((sum, [net]) => sum + net, 0);
  const vat = lines.reduce((sum, [net, rate]) => sum + Math.round((net * rate) / 100), 0);
  Object.assign(doc, { subtotal: excl, total_excl_tax: excl, tax_total: vat, total: excl + vat, amount_paid: excl + vat, amount_due: 0 });
  return doc;
}

/** Reads `what` every 100 ms until `done` holds or `ms` passed; the last value either way. */
export function until<T>(what: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  return poll(what, done, ms, 100);
}
