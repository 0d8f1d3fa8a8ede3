/**
 * `npx tsx bench/e-reporting.ts`: what building, writing and checking flux 10 reports costs, over
 * generated documents (test/support/e-reporting.ts). The checking runs in-process (loadEngine), without
 * the validation pool and its 60 s job limit. Prints the times; asserts nothing. docs/e-reporting.md
 * keeps the figures.
 */
import fc from 'fast-check';
import { writeReport } from '../src/domain/e-reporting/frr-writer.ts';
import { buildPaymentsReport, buildTransactionsReport } from '../src/domain/e-reporting/report.ts';
import { loadEngine } from '../src/validation/engine.ts';
import { reportablePayment, reportedDocument, reportHeader } from '../test/support/e-reporting.ts';

const NOVEMBER = { start: '2026-11-01', end: '2026-11-30' };
const elements = (xml: string) => (xml.match(/<[A-Za-z]/g) ?? []).length;

const docs = fc.sample(reportedDocument, { numRuns: 3000, seed: 1 }).map((d, i) => ({ ...d, number: `${d.number}-${i}` }));
const b2c = docs.filter((d) => d.processingRule === 'B2C');
const b2bInt = docs.filter((d) => d.processingRule === 'B2BInt');
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  const built = buildTransactionsReport(reportHeader(), { period: NOVEMBER, b2bInt, b2c, vatOnDebits: false });
  const builtAt = performance.now();
  const xml = writeReport(built.report);
  const ms = (t: number) => `${t.toFixed(0)} ms`;
  console.log(
    `${b2c.length} B2C + ${b2bInt.length} B2BInt documents: build ${ms(builtAt - started)}, write ${ms(performance.now() - builtAt)}, ${(xml.length / 1e6).toFixed(2)} MB`,
  );
}

const engine = loadEngine();
const check = async (label: string, xml: string) => {
  const report = await engine.run({ kind: 'frr', xml });
  const f10 = report.timingsMs.f10 ?? 0;
  console.log(
    `${label}: ${elements(xml)} elements, XSD ${report.timingsMs.xsd.toFixed(0)} ms, F10 ${f10.toFixed(0)} ms, ${report.fatal.length} fatal`,
  );
};
await check(
  'warm-up',
  writeReport(
    buildTransactionsReport(reportHeader(), { period: NOVEMBER, b2bInt: b2bInt.slice(0, 1), b2c: [], vatOnDebits: false }).report,
  ),
);
for (const n of [1, 10, 50, 200]) {
  const report = buildTransactionsReport(reportHeader(), {
    period: NOVEMBER,
    b2bInt: b2bInt.slice(0, n),
    b2c: [],
    vatOnDebits: false,
  }).report;
  await check(`10.1 x ${n}`, writeReport(report));
}
const payments = fc.sample(reportablePayment, { numRuns: 1000, seed: 2 });
for (const n of [100, 1000]) {
  const report = buildPaymentsReport(reportHeader(), {
    period: { start: '2026-12-01', end: '2026-12-31' },
    b2bInt: payments.slice(0, n),
    b2c: [],
  }).report;
  await check(`10.2 x ${n}`, writeReport(report));
}
