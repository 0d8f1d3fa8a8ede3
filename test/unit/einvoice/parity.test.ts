// The UBL 2.1 and CII D22B writers say the same thing: every business term read back from one
// syntax (test/support/einvoice-terms.ts, by the syntax bindings' paths) equals the same term read
// back from the other, for the French examples and for generated bodies and their invalid variants
// (as drafts: what the gateway would write). The official artefacts check each syntax alone; this
// checks that a CII document is not valid but different.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../../src/model/documents.ts';
import { writeCii } from '../../../src/einvoice/cii.ts';
import { deriveFromBody, draftFromBody } from '../../../src/einvoice/derive.ts';
import { toEInvoice } from '../../../src/einvoice/map.ts';
import { writeUbl } from '../../../src/einvoice/ubl.ts';
import { bodyCase } from '../../support/einvoice-arbitraries.ts';
import { DEMO_PROFILE, deriveInput } from '../../support/einvoice-chain.ts';
import { mutatedCase } from '../../support/einvoice-mutations.ts';
import { ciiTerms, ublTerms } from '../../support/einvoice-terms.ts';

const SEED = Number(process.env['FC_SEED'] ?? 20261124);

describe('UBL and CII carry the same business terms', () => {
  it('the B2B example, term by term, as the body and the profile give them', () => {
    const body = JSON.parse(readFileSync(new URL('../../../examples/fr-b2b-invoice.json', import.meta.url), 'utf8')) as InvoiceDocument;
    const einvoice = toEInvoice(deriveFromBody({ kind: 'invoice', document: body }).document!, DEMO_PROFILE, undefined);
    const ubl = ublTerms(writeUbl(einvoice));
    // Read from the body and the profile, not from the writers: the reader finds what is there.
    expect(ubl['BT-1/2/3/5/6']).toEqual([body.number, '2026-11-20', '380', 'EUR', undefined]);
    expect((ubl['BG-4'] as Record<string, unknown>)['BT-30/47']).toEqual([DEMO_PROFILE.siren, '0002']);
    expect((ubl['BG-7'] as Record<string, unknown>)['BT-34/49']).toEqual(['732829320', '0225']);
    expect(ubl['BG-22']).toEqual(['319.00', undefined, undefined, '319.00', '382.80', undefined, undefined, '382.80']);
    expect((ubl['BG-25'] as unknown[]).length).toBe(body.lines.length);
    expect(ciiTerms(writeCii(einvoice))).toEqual(ubl);
  });

  it.each([
    ['consistent generated bodies', bodyCase],
    ['invalid variants, as drafts', mutatedCase],
  ] as const)('%s', (_, arbitrary) => {
    const mismatches: string[] = [];
    for (const c of fc.sample(arbitrary, { seed: SEED, numRuns: 150 })) {
      const { document } = draftFromBody(deriveInput(c.kind, c.body, c.customer));
      if (!document || document.lines.length === 0) continue;
      const einvoice = toEInvoice(document, DEMO_PROFILE, c.preceding);
      const [ubl, cii] = [ublTerms(writeUbl(einvoice)), ciiTerms(writeCii(einvoice))];
      for (const term of Object.keys(ubl)) {
        if (JSON.stringify(ubl[term]) !== JSON.stringify(cii[term]))
          mismatches.push(`${c.body.number} ${term}: UBL ${JSON.stringify(ubl[term])} CII ${JSON.stringify(cii[term])}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
