/**
 * Differential test of the 422s (issue 25 item 10): every document of the unit tests' rule tables
 * (test/support/rule-tables.ts) that the gateway refuses at submission is rendered faithfully into UBL 2.1
 * (draftFromBody: what the gateway would write, bypassing its own checks), with the seller it was checked with,
 * and run through the official artefacts (XSD, EN 16931 1.3.16, BR-FR 1.4.0.03; src/validation/). The test
 * fails on a refusal the artefacts would not make: a document refused for a rule outside GATEWAY_ONLY that the
 * artefacts accept, or a refused document that cannot be rendered at all.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCreditNote, checkInvoice } from '../../src/domain/rules/index.ts';
import { draftFromBody } from '../../src/einvoice/derive.ts';
import { toEInvoice } from '../../src/einvoice/map.ts';
import { writeUbl } from '../../src/einvoice/ubl.ts';
import type { CreditNoteDocument, InvoiceDocument } from '../../src/model/documents.ts';
import { createValidator, type Validator } from '../../src/validation/index.ts';
import { DEMO_PROFILE, describeFinding } from '../support/einvoice-chain.ts';
import { INVOICE, type RuleCase, ruleCases } from '../support/rule-tables.ts';

/**
 * Rules the gateway applies on purpose where the artefacts say nothing, each for its reason. A refusal made only
 * of these is not a disagreement.
 */
const GATEWAY_ONLY: ReadonlyMap<string, string> = new Map([
  ['GW-CURRENCY-UNSUPPORTED', 'spec § Limits: the gateway supports 13 currencies; the artefacts take any ISO 4217 code'],
  ['GW-TAX-RATE-RANGE', 'spec § Limits: a rate from 0 to 100'],
  ['GW-ONE-TAX-PER-LINE', 'spec § Limits: one tax per line (one VAT category per line, BT-151)'],
  ['GW-SIREN', 'spec § Errors cause 2: a SIREN has a Luhn key; the artefacts check the buyer SIREN only in B2B'],
  ['GW-SIRET', 'spec § Errors cause 2: a SIRET has a Luhn key (La Poste: digit sum); the buyer SIRET is not written'],
  ['GW-VAT-FORMAT', 'spec § Errors cause 2: EU VAT numbers in their VIES format, Greece as EL; the artefacts check the prefix only'],
  ['GW-VAT-FR-KEY', 'spec § Errors cause 2: the French VAT key matches the SIREN; the artefacts do not compute it'],
  ['GW-CONTROL-CHARACTER', 'XML 1.0 cannot carry the character: no faithful rendering exists'],
  ['BR-CO-10', 'the body`s subtotal is not carried: BT-106 is written as the sum of the lines'],
  ['BR-FR-DEC-01@/subtotal', 'the body`s subtotal is not carried (BR-CO-10): its decimals are checked as any amount`s'],
]);

/**
 * Rules of the official schematrons whose breach the gateway's draft cannot write faithfully (its model holds
 * only what the e-invoice may carry). A refused document that cannot be rendered is accepted by this test only
 * when each of its rules is one of these, and each must be a rule the official artefacts define (checked below).
 */
const UNRENDERABLE: ReadonlyMap<string, string> = new Map([
  ['BR-FR-DEC-02', 'a quantity with more than 4 decimals: the draft holds quantities to 4 decimals'],
  ['BR-FR-15', 'a VAT category outside the list: the draft holds only the categories of EN 16931'],
]);

const BR_FR_UBL = readFileSync(
  new URL('../../artefacts/br-fr-1.4.0.03/BR-FR-Flux2-Schematron-UBL_V1.4.0.03.xslt', import.meta.url),
  'utf8',
);

let validator: Validator;
beforeAll(() => {
  validator = createValidator({ workers: 2 });
});
afterAll(() => validator.close());

interface Outcome {
  label: string;
  rules: string[];
  /** The artefacts' fatal findings on the UBL, or undefined when the draft cannot be written. */
  fatal: string[] | undefined;
  disagreement: string | undefined;
}

const invoiceIssueDate = draftFromBody({ kind: 'invoice', document: INVOICE }).document?.issueDate;

/** The gateway's 422 for a case, and what the artefacts say of its faithful UBL. */
async function judge(c: RuleCase): Promise<Outcome | undefined> {
  const seller = c.seller ?? DEMO_PROFILE;
  const violations =
    c.kind === 'invoice' ? checkInvoice(c.body as InvoiceDocument, seller) : checkCreditNote(c.body as CreditNoteDocument, seller);
  if (violations.length === 0) return undefined;
  const label = `${c.table}: ${c.label}`;
  const rules = [...new Set(violations.map((v) => v.rule))].sort();
  // A rule the gateway applies on purpose, by id or at one path (`rule@/pointer`).
  const gatewayOnly = violations.every((v) => GATEWAY_ONLY.has(v.rule) || GATEWAY_ONLY.has(`${v.rule}@/${v.path.join('/')}`));
  const input =
    c.kind === 'invoice'
      ? ({ kind: 'invoice', document: c.body as InvoiceDocument, seller } as const)
      : ({ kind: 'credit_note', document: c.body as CreditNoteDocument, customer: c.customer, seller } as const);
  const { document } = draftFromBody(input);
  if (!document) {
    const unrenderable = rules.every((rule) => UNRENDERABLE.has(rule) || GATEWAY_ONLY.has(rule));
    return { label, rules, fatal: undefined, disagreement: unrenderable ? undefined : 'refused, and no UBL can be written' };
  }
  const preceding = c.kind === 'credit_note' ? { number: INVOICE.number, issueDate: invoiceIssueDate } : undefined;
  const result = await validator.validate('ubl', writeUbl(toEInvoice(document, seller, preceding)));
  const fatal = result.fatal.map(describeFinding);
  const disagreement = fatal.length === 0 && !gatewayOnly ? 'refused, the artefacts accept its UBL' : undefined;
  return { label, rules, fatal, disagreement };
}

describe('the 422s of the rule tables against the official artefacts (UBL)', () => {
  it.each([...UNRENDERABLE.keys()])('%s, which the draft cannot write, is a rule of the official BR-FR schematron', (rule) => {
    expect(BR_FR_UBL).toContain(`<xsl:attribute name="id">${rule}</xsl:attribute>`);
  });

  it('every refusal is one the artefacts make too, or a documented gateway-only rule', { timeout: 170_000 }, async () => {
    const started = Date.now();
    const cases = ruleCases();
    const outcomes = (await Promise.all(cases.map(judge))).filter((o): o is Outcome => o !== undefined);
    const disagreements = outcomes.filter((o) => o.disagreement);
    console.log(
      `${cases.length} table documents, ${outcomes.length} refused, ${disagreements.length} disagreements, ${Date.now() - started} ms`,
    );
    for (const o of outcomes) {
      const verdict =
        o.disagreement ?? (o.fatal === undefined ? 'not renderable' : o.fatal.length ? 'artefacts refuse too' : 'gateway-only');
      console.log(`  ${o.label} [${o.rules.join(', ')}]: ${verdict}`);
      if (o.disagreement) for (const f of o.fatal ?? []) console.log(`    ${f}`);
    }
    // The tables do produce refusals of every kind checked here (a test that could not fail is no test).
    expect(outcomes.length).toBeGreaterThan(60);
    expect(disagreements.map((o) => `${o.label} [${o.rules.join(', ')}]: ${o.disagreement}`)).toEqual([]);
  });
});
