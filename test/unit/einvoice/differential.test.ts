// Differential test: the gateway's synchronous rules (deriveFromBody) against the official artefacts
// (XSD + EN 16931 1.3.16 + BR-FR 1.4.0.03), on generated SaaS invoices and credit notes
// (test/support/einvoice-arbitraries.ts) and invalid variants of them (einvoice-mutations.ts).
// Both syntaxes are written from the same draft (draftFromBody: what the gateway would write even
// when it refuses) and validated. A disagreement is:
// - the gateway accepts the body but an artefact has a fatal finding on the written XML, or
// - the gateway refuses it but both syntaxes pass, unless every rule it reports is gateway-only.
// Every disagreement is printed; the test fails on any. FC_SEED=<n> replays another sample.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftFromBody } from '../../../src/einvoice/derive.ts';
import { createValidator, type Validator } from '../../../src/validation/index.ts';
import { testEngine } from '../../support/validation.ts';
import { type BodyCase, bodyCase } from '../../support/einvoice-arbitraries.ts';
import { deriveInput, describeFinding, officialFatal } from '../../support/einvoice-chain.ts';
import { type MutatedCase, mutatedCase } from '../../support/einvoice-mutations.ts';

/**
 * Rules the gateway checks on data the e-invoice does not carry, so no artefact can see them:
 * BR-CO-10 compares the body's `subtotal` with Σ line amounts, and BT-106 is written as that sum.
 */
const GATEWAY_ONLY: ReadonlySet<string> = new Set(['BR-CO-10']);

const SEED = Number(process.env['FC_SEED'] ?? 20261124);
const RUNS = Number(process.env['FC_RUNS'] ?? 40);

let validator: Validator;
beforeAll(() => {
  validator = createValidator({ engine: testEngine(), workers: 2 });
});
afterAll(() => validator.close());

interface Outcome {
  label: string;
  gateway: string[];
  official: { ubl: string[]; cii: string[] };
  disagreement: string | undefined;
  gatewayOnly: boolean;
}

/** Runs one case through the gateway's rules and the artefacts, and classifies the result. */
async function judge(c: BodyCase & { mutation?: string }): Promise<Outcome> {
  const label = `${c.kind} ${c.buyerKind} ${c.body.number}${c.mutation ? ` [${c.mutation}]` : ''}`;
  const { document, violations } = draftFromBody(deriveInput(c.kind, c.body, c.customer));
  const gateway = [...new Set(violations.map((v) => v.rule))];
  if (!document) return { label, gateway, official: { ubl: [], cii: [] }, disagreement: 'the draft cannot be written', gatewayOnly: false };
  const fatal = await officialFatal(validator, document, c.preceding);
  const official = { ubl: fatal.ubl.map(describeFinding), cii: fatal.cii.map(describeFinding) };
  const passes = (['ubl', 'cii'] as const).filter((s) => fatal[s].length === 0);
  const gatewayOnly = gateway.length > 0 && gateway.every((rule) => GATEWAY_ONLY.has(rule));
  let disagreement: string | undefined;
  if (gateway.length === 0 && passes.length < 2) disagreement = 'the gateway accepts, the artefacts refuse';
  else if (gateway.length > 0 && passes.length > 0 && !gatewayOnly) disagreement = `the gateway refuses, ${passes.join(' and ')} pass`;
  return { label, gateway, official, disagreement, gatewayOnly };
}

function report(title: string, outcomes: readonly Outcome[]): Outcome[] {
  const disagreements = outcomes.filter((o) => o.disagreement);
  console.log(`${title}: ${outcomes.length} cases (seed ${SEED}), ${disagreements.length} disagreements`);
  for (const o of disagreements) {
    console.log(`  ${o.label}: ${o.disagreement}; gateway [${o.gateway.join(', ')}]`);
    for (const line of [...o.official.ubl.map((f) => `ubl ${f}`), ...o.official.cii.map((f) => `cii ${f}`)]) console.log(`    ${line}`);
  }
  return disagreements;
}

describe('deriveFromBody against the official artefacts (property, UBL and CII)', () => {
  it('consistent generated bodies: the gateway accepts them and so do the artefacts', { timeout: 120_000 }, async () => {
    const cases = fc.sample(bodyCase, { seed: SEED, numRuns: RUNS });
    const outcomes = await Promise.all(cases.map(judge));
    const refused = outcomes.filter((o) => o.gateway.length > 0);
    for (const o of refused) console.log(`  generated body refused: ${o.label} [${o.gateway.join(', ')}]`);
    expect(report('consistent bodies', outcomes).map((o) => o.label)).toEqual([]);
    // Bodies built consistent (totals add up, taxes rounded per line): the gateway should not refuse them either.
    expect(refused.map((o) => `${o.label} [${o.gateway.join(', ')}]`)).toEqual([]);
  });

  it('invalid variants: when the gateway refuses, the artefacts refuse too (or the rule is gateway-only)', {
    timeout: 120_000,
  }, async () => {
    const cases: MutatedCase[] = fc.sample(mutatedCase, { seed: SEED + 1, numRuns: RUNS });
    const outcomes = await Promise.all(cases.map(judge));
    // Per mutation: how often the gateway refused, and the rule ids on both sides (for reading, not asserted:
    // the gateway reports a rule id of its catalogue, the artefacts theirs, e.g. BR-CO-17 for BR-E-09).
    const byMutation = new Map<string, { refused: number; total: number; gateway: Set<string>; official: Set<string> }>();
    outcomes.forEach((o, i) => {
      const entry = byMutation.get(cases[i]!.mutation) ?? { refused: 0, total: 0, gateway: new Set(), official: new Set() };
      entry.total += 1;
      if (o.gateway.length > 0) entry.refused += 1;
      for (const rule of o.gateway) entry.gateway.add(rule);
      for (const finding of [...o.official.ubl, ...o.official.cii]) entry.official.add(finding.split(' ')[0]!);
      byMutation.set(cases[i]!.mutation, entry);
    });
    for (const [name, e] of byMutation) {
      console.log(`  ${name}: refused ${e.refused}/${e.total}; gateway [${[...e.gateway]}]; artefacts [${[...e.official]}]`);
    }
    expect(report('invalid variants', outcomes).map((o) => o.label)).toEqual([]);
  });
});
