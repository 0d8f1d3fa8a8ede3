import { parseArgs } from 'node:util';
import { completeSellerProfile, DEMO_SELLER_PROFILE } from '../src/domain/sellers/seller-defaults.ts';
import { deriveFromBody } from '../src/einvoice/derive.ts';
import { toEInvoice } from '../src/einvoice/map.ts';
import { writeUbl } from '../src/einvoice/ubl.ts';
import type { InvoiceDocument } from '../src/model/documents.ts';
import { chooseEngine, createValidator, type EngineChoice, type EngineName, type Validator } from '../src/validation/index.ts';
import type { EngineMeasurement, EnginesReport } from './engines-types.ts';
import { identity, restInvoiceTemplate } from './invoices.ts';
import { processCpuMs } from './proc.ts';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '200' },
    threads: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '40' },
    cdar: { type: 'boolean', default: false },
    engines: { type: 'string', default: 'saxon-he,saxon-js' },
    json: { type: 'boolean', default: false },
  },
});
const DOCS = Number(values.docs);
const THREADS = Number(values.threads);
const WARMUP = Number(values.warmup);
const say = (line: string) => (values.json ? process.stderr : process.stdout).write(`${line}\n`);

/** `count` distinct UBL invoices of 20 lines (id and number vary). */
function invoices(prefix: string, count: number): string[] {
  const template = restInvoiceTemplate();
  const profile = completeSellerProfile(DEMO_SELLER_PROFILE);
  return Array.from({ length: count }, (_, n) => {
    const doc = identity(prefix, n);
    const derived = deriveFromBody({ kind: 'invoice', document: JSON.parse(template(doc.id, doc.number)) as InvoiceDocument });
    if (!derived.document) throw new Error(`the benchmark's invoice breaks body rules: ${JSON.stringify(derived.violations)}`);
    return writeUbl(toEInvoice(derived.document, profile, undefined));
  });
}

/** CPU ms of a process from /proc (user + system), or 0 elsewhere. */
const cpuMsOrZero = (pid: number | undefined): number => (pid === undefined ? 0 : (processCpuMs(pid) ?? 0));

function jvmPid(validator: Validator): number | undefined {
  return (validator as { engine?: { pid?: number } }).engine?.pid;
}

const one = (value: number) => Math.round(value * 10) / 10;

/** Runs `docs` through `validate` with `THREADS` in flight; rate, and CPU ms per document (this process + the JVM). */
async function measure(
  validator: Validator,
  docs: readonly string[],
  validate: (xml: string) => Promise<{ fatal: unknown[] }>,
): Promise<EngineMeasurement> {
  let next = 0;
  let fatal = 0;
  const cpu0 = process.cpuUsage();
  const jvm0 = cpuMsOrZero(jvmPid(validator));
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: THREADS }, async () => {
      while (next < docs.length) {
        const report = await validate(docs[next++]!);
        if (report.fatal.length > 0) fatal++;
      }
    }),
  );
  const wallMs = performance.now() - t0;
  const own = process.cpuUsage(cpu0);
  const nodeMs = (own.user + own.system) / 1000;
  const jvmMs = cpuMsOrZero(jvmPid(validator)) - jvm0;
  return {
    documents: docs.length,
    seconds: Math.round(wallMs / 10) / 100,
    docsPerSecond: one((docs.length / wallMs) * 1000),
    cpuMsPerDoc: one((nodeMs + jvmMs) / docs.length),
    nodeCpuMsPerDoc: one(nodeMs / docs.length),
    withFatal: fatal,
  };
}

const report: EnginesReport = { docs: DOCS, threads: THREADS, warmup: WARMUP, results: {}, skipped: {} };
for (const engine of values.engines.split(',') as EngineName[]) {
  let choice: EngineChoice;
  try {
    choice = chooseEngine(engine);
  } catch (error) {
    report.skipped[engine] = (error as Error).message;
    say(`${engine}: skipped: ${report.skipped[engine]}`);
    continue;
  }
  const validator = createValidator({ engine: choice, workers: THREADS, cacheSize: 0, nice: 0 });
  try {
    const warm = invoices(`warm-${engine}`, Math.max(WARMUP, THREADS));
    const started = performance.now();
    await Promise.all(warm.slice(0, THREADS).map((xml) => validator.validate('ubl', xml)));
    const firstMs = performance.now() - started;
    for (const xml of warm.slice(THREADS)) await validator.validate('ubl', xml);
    const ubl = await measure(validator, invoices(`bench-${engine}`, DOCS), (xml) => validator.validate('ubl', xml));
    const row: EnginesReport['results'][EngineName] = { firstDocumentsMs: Math.round(firstMs), ubl20Lines: ubl };
    if (values.cdar) {
      const { cdarExamples } = await import('../test/support/validation.ts');
      const cdars = cdarExamples().map(([, xml]) => xml);
      for (const xml of cdars) await validator.validateCdar(xml);
      const many = Array.from({ length: DOCS }, (_, i) =>
        cdars[i % cdars.length]!.replace('</rsm:ExchangedDocument>', `<!-- ${i} --></rsm:ExchangedDocument>`),
      );
      row.cdar = await measure(validator, many, (xml) => validator.validateCdar(xml));
    }
    report.results[engine] = row;
    say(`${engine} ${JSON.stringify(row)}`);
  } finally {
    await validator.close();
  }
}
if (values.json) process.stdout.write(`${JSON.stringify(report)}\n`);
else console.log(JSON.stringify(report, null, 2));
