/**
 * Where one document's pipeline time goes, measured in the harness process
 * with the gateway's own functions, in the order `src/pipeline/process.ts`
 * calls them: the body parsed, `deriveFromBody` (the body's EN 16931 part and
 * its rules), `toEInvoice` (with the demo seller profile), `writeUbl`,
 * `writeCii`; then `createValidator().validate('ubl', …)` on one worker, one
 * document at a time, whose report times the XSD, EN 16931 and BR-FR layers
 * (`timingsMs`). Run while no gateway works, so nothing else shares the cores
 * but what the machine runs besides the benchmark.
 */
import { writeCii } from '../src/einvoice/cii.ts';
import { deriveFromBody } from '../src/einvoice/derive.ts';
import { toEInvoice } from '../src/einvoice/map.ts';
import { writeUbl } from '../src/einvoice/ubl.ts';
import type { InvoiceDocument } from '../src/model/documents.ts';
import { completeSellerProfile, DEMO_SELLER_PROFILE } from '../src/domain/sellers/seller-defaults.ts';
import { createValidator } from '../src/validation/index.ts';
import { identity, restInvoiceTemplate } from './invoices.ts';
import type { StepTime, TimeSplit } from './pipeline-types.ts';

/** Untimed rounds first, so the timed ones meet compiled code (the first validations are several times slower). */
const MAP_WARMUP = 20;
const VALIDATE_WARMUP = 2;

function step(values: readonly number[]): StepTime {
  const sorted = [...values].sort((a, b) => a - b);
  const p50 = sorted.length ? sorted[Math.ceil(sorted.length / 2) - 1]! : 0;
  const mean = sorted.length ? sorted.reduce((sum, value) => sum + value, 0) / sorted.length : 0;
  // Map and write steps take tens of microseconds: three decimals.
  return { p50: Math.round(p50 * 1000) / 1000, mean: Math.round(mean * 1000) / 1000 };
}

/**
 * Times `mapped` documents through parse, derive, map and write, and
 * `validated` of them through the validator (one worker).
 * @throws when the benchmark's body breaks a rule the body decides (it would measure nothing).
 */
export async function measureTimeSplit(prefix: string, mapped: number, validated: number): Promise<TimeSplit> {
  const profile = completeSellerProfile(DEMO_SELLER_PROFILE);
  const template = restInvoiceTemplate();
  const times = { parse: [] as number[], derive: [] as number[], map: [] as number[], ubl: [] as number[], cii: [] as number[] };
  const ubls: string[] = [];
  let cii = '';
  let lines = 0;
  for (let n = 0; n < MAP_WARMUP + mapped; n++) {
    const doc = identity(prefix, n);
    const text = template(doc.id, doc.number);
    const t0 = performance.now();
    const body = JSON.parse(text) as InvoiceDocument;
    const t1 = performance.now();
    const derived = deriveFromBody({ kind: 'invoice', document: body });
    const t2 = performance.now();
    if (!derived.document)
      throw new Error(`the benchmark's invoice breaks body rules: ${JSON.stringify(derived.violations).slice(0, 500)}`);
    const einvoice = toEInvoice(derived.document, profile, undefined);
    const t3 = performance.now();
    const ubl = writeUbl(einvoice);
    const t4 = performance.now();
    cii = writeCii(einvoice);
    const t5 = performance.now();
    lines = body.lines.length;
    if (n < MAP_WARMUP) continue;
    times.parse.push(t1 - t0);
    times.derive.push(t2 - t1);
    times.map.push(t3 - t2);
    times.ubl.push(t4 - t3);
    times.cii.push(t5 - t4);
    if (ubls.length < VALIDATE_WARMUP + validated) ubls.push(ubl);
  }

  const validator = createValidator({ workers: 1 });
  const layers = { xsd: [] as number[], en16931: [] as number[], brfr: [] as number[], call: [] as number[] };
  let fatal = 0;
  try {
    for (const [i, ubl] of ubls.entries()) {
      const started = performance.now();
      const report = await validator.validate('ubl', ubl);
      const call = performance.now() - started;
      if (i < VALIDATE_WARMUP) continue;
      layers.xsd.push(report.timingsMs.xsd);
      layers.en16931.push(report.timingsMs.en16931);
      layers.brfr.push(report.timingsMs.brfr);
      layers.call.push(call);
      fatal += report.fatal.length;
    }
  } finally {
    await validator.close();
  }
  return {
    lines,
    mapped,
    validated: layers.call.length,
    steps: {
      parse: step(times.parse),
      derive: step(times.derive),
      map: step(times.map),
      ubl: step(times.ubl),
      cii: step(times.cii),
      xsd: step(layers.xsd),
      en16931: step(layers.en16931),
      brfr: step(layers.brfr),
      validateCall: step(layers.call),
    },
    fatal,
    bytes: { ubl: Buffer.byteLength(ubls[0] ?? ''), cii: Buffer.byteLength(cii) },
  };
}
