// Differential test of the two engines (issue 31): Saxon-HE 9.9 on the JVM (with its pinned BR-FR UBL rewrite,
// scripts/saxon-he-rewrites.mjs) against SaxonJS on the same official artefacts, which stay the oracle. Every
// official example (EN 16931 UBL and CII, CDAR), generated UBL and CII e-invoices and flux 10 reports, and at
// least 500 mutated documents (broken totals, rates, quantities, identifiers, dates, currencies, codes, missing
// parties, notes and lines, plus the gateway's own body mutations) must get identical findings from both:
// same source, rule, assertion id, flag, location and message, in any order. Every disagreement is printed.
// Skipped without Java and Saxon-HE. DIFF_MUTATED=<n> changes the number of XML mutations, FC_SEED the sample.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReport } from '../../../src/domain/e-reporting/frr-writer.ts';
import { buildTransactionsReport } from '../../../src/domain/e-reporting/report.ts';
import { writeCii } from '../../../src/einvoice/cii.ts';
import { draftFromBody } from '../../../src/einvoice/derive.ts';
import { toEInvoice } from '../../../src/einvoice/map.ts';
import { writeUbl } from '../../../src/einvoice/ubl.ts';
import { chooseEngine } from '../../../src/validation/engine-choice.ts';
import { createValidator, type Syntax, type ValidationReport, type Validator } from '../../../src/validation/index.ts';
import { type BodyCase, bodyCase } from '../../support/einvoice-arbitraries.ts';
import { DEMO_PROFILE, deriveInput } from '../../support/einvoice-chain.ts';
import { mutatedCase } from '../../support/einvoice-mutations.ts';
import { reportedDocuments, reportHeader } from '../../support/e-reporting.ts';
import { cdarExamples, officialExamples } from '../../support/validation.ts';
import { XML_MUTATIONS } from '../../support/xml-mutations.ts';

const SEED = Number(process.env.FC_SEED ?? 20261127);
const MUTATED = Number(process.env.DIFF_MUTATED ?? 520);
const available = chooseEngine('auto').engine === 'saxon-he';

type Kind = Syntax | 'cdar' | 'frr';
interface Case {
  label: string;
  kind: Kind;
  xml: string;
}

let saxonHe: Validator;
let saxonJs: Validator;
beforeAll(() => {
  if (!available) return;
  saxonHe = createValidator({ engine: 'saxon-he', workers: 2, cacheSize: 0 });
  saxonJs = createValidator({ engine: 'saxon-js', workers: 2, cacheSize: 0 });
});
afterAll(async () => {
  await saxonHe?.close();
  await saxonJs?.close();
});

function run(validator: Validator, c: Case): Promise<ValidationReport> {
  if (c.kind === 'cdar') return validator.validateCdar(c.xml);
  if (c.kind === 'frr') return validator.validateReport(c.xml);
  return validator.validate(c.kind, c.xml);
}

const lines = (report: ValidationReport) =>
  [...report.fatal, ...report.warnings]
    .map((f) => `${f.source} ${f.rule} ${f.assertionId ?? '-'} ${f.flag} ${f.location} :: ${f.message}`)
    .sort();

/** Runs every case on both engines; returns the labels that disagree (and prints each difference). */
async function compare(title: string, cases: readonly Case[]): Promise<string[]> {
  const findings = { total: 0, fatalDocs: 0 };
  const disagreements = await Promise.all(
    cases.map(async (c) => {
      const [he, js] = await Promise.all([run(saxonHe, c), run(saxonJs, c)]);
      const [a, b] = [lines(he), lines(js)];
      findings.total += b.length;
      if (js.fatal.length > 0) findings.fatalDocs++;
      if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
      console.log(
        `  ${c.label}: Saxon-HE only [${a.filter((l) => !b.includes(l)).join(' | ')}], SaxonJS only [${b.filter((l) => !a.includes(l)).join(' | ')}]`,
      );
      return c.label;
    }),
  );
  const labels = disagreements.filter((d): d is string => d !== undefined);
  console.log(
    `${title}: ${cases.length} documents, ${findings.total} findings (${findings.fatalDocs} documents with fatal ones), ${labels.length} disagreements`,
  );
  return labels;
}

/** UBL and CII of a generated body, written as the pipeline writes them (the draft, even when the gateway refuses it). */
function written(c: BodyCase, label: string): Case[] {
  const { document } = draftFromBody(deriveInput(c.kind, c.body, c.customer));
  if (!document) return [];
  const einvoice = toEInvoice(document, DEMO_PROFILE, c.preceding);
  return [
    { label: `${label} ubl`, kind: 'ubl', xml: writeUbl(einvoice) },
    { label: `${label} cii`, kind: 'cii', xml: writeCii(einvoice) },
  ];
}

function generated(seed: number, count: number): Case[] {
  return fc.sample(bodyCase, { seed, numRuns: count }).flatMap((c, i) => written(c, `generated ${i} ${c.kind} ${c.body.number}`));
}

describe.skipIf(!available)('Saxon-HE and SaxonJS give identical findings', () => {
  it('on every official example (EN 16931 UBL and CII, CDAR)', { timeout: 1_200_000 }, async () => {
    const cases: Case[] = [
      ...officialExamples('ubl').map(([name, xml]): Case => ({ label: `example ${name}`, kind: 'ubl', xml })),
      ...officialExamples('cii').map(([name, xml]): Case => ({ label: `example ${name}`, kind: 'cii', xml })),
      ...cdarExamples().map(([name, xml]): Case => ({ label: `example ${name}`, kind: 'cdar', xml })),
    ];
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(await compare('official examples', cases)).toEqual([]);
  });

  it('on generated e-invoices, body mutations and flux 10 reports', { timeout: 1_200_000 }, async () => {
    const bodies = generated(SEED, 30);
    const mutated = fc
      .sample(mutatedCase, { seed: SEED + 1, numRuns: 40 })
      .flatMap((c, i) => written(c, `body mutation ${i} [${c.mutation}]`));
    const reports = fc.sample(reportedDocuments, { seed: SEED + 2, numRuns: 8 }).map((docs, i): Case => {
      const report = buildTransactionsReport(reportHeader(), {
        period: { start: '2026-11-01', end: '2026-11-30' },
        b2bInt: docs.filter((d) => d.processingRule === 'B2BInt'),
        b2c: docs.filter((d) => d.processingRule === 'B2C'),
        vatOnDebits: i % 2 === 0,
        natureOf: (line) => (line.quantity.value < 0n ? 'goods' : 'services'),
      }).report;
      return { label: `flux 10 report ${i}`, kind: 'frr', xml: writeReport(report) };
    });
    expect(await compare('generated documents', [...bodies, ...mutated, ...reports])).toEqual([]);
  });

  it(`on ${MUTATED} mutated documents (XML mutations of generated UBL and CII)`, { timeout: 1_200_000 }, async () => {
    const bases = generated(SEED + 3, 20);
    const random = fc.sample(fc.tuple(fc.nat(bases.length - 1), fc.nat(XML_MUTATIONS.length - 1), fc.nat(1000)), {
      seed: SEED + 4,
      numRuns: MUTATED * 3,
    });
    const cases: Case[] = [];
    const seen = new Set<string>();
    for (const [b, m, k] of random) {
      if (cases.length >= MUTATED) break;
      const base = bases[b] as Case;
      const mutation = XML_MUTATIONS[m]!;
      const xml = mutation.apply(base.xml, k);
      if (xml === undefined || xml === base.xml || seen.has(xml)) continue;
      seen.add(xml);
      cases.push({ label: `${base.label} [${mutation.name} ${k}]`, kind: base.kind, xml });
    }
    expect(cases.length).toBe(MUTATED);
    const names = new Set(cases.map((c) => /\[(.*) \d+\]$/.exec(c.label)?.[1]));
    expect(names.size).toBe(XML_MUTATIONS.length);
    expect(await compare('mutated documents', cases)).toEqual([]);
  });
});
