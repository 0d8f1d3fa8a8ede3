/**
 * CDAR both ways: parseCdar (src/platform/afnor/cdar.ts) on the official XP Z12-014 examples and on the sandbox's own
 * messages, and the sandbox's messages (sandbox-pa/src/cdar.ts) checked by the official BR-FR CDV schematron 1.4.0.03.
 */
import { readdirSync, readFileSync } from 'node:fs';
import SaxonJS from 'saxon-js';
import { describe, expect, it } from 'vitest';
import { buildCdar, type CdarSubject } from '../../../sandbox-pa/src/cdar.ts';
import { SANDBOX_SCRIPTS, STATUS_LABELS, sandboxScriptFor } from '../../../sandbox-pa/src/lifecycle.ts';
import { parseCdar } from '../../../src/platform/afnor/cdar.ts';

const examples = new URL('../../../sandbox-pa/spec/cdar-examples/', import.meta.url);
const example = (name: string) => readFileSync(new URL(name, examples));

const subject: CdarSubject = {
  invoiceNumber: 'F-2026/001 & <co>',
  issueDate: '2026-03-14',
  typeCode: '380',
  sellerSiren: '100000009',
  sellerName: 'Vendeur & Fils',
  buyerSiren: '200000008',
  buyerName: 'ACHETEUR',
  receivedAt: new Date('2026-03-14T09:00:00Z'),
};

describe('parseCdar on the official examples', () => {
  it('reads 200 Déposée', () => {
    expect(parseCdar(example('UC1_F202500003_01-CDV-200_Deposee.xml'))).toEqual({
      invoiceNumber: 'F202500003',
      sellerSiren: '100000009',
      code: 200,
      label: 'Déposée',
      occurredAt: '2025-07-01T15:10:00.000Z',
    });
  });

  it('reads 213 Rejetée with its reason, 210 Refusée with its reason, 220 Annulée', () => {
    expect(parseCdar(example('UC2_F202500004_02-CDV-213_Rejetee.xml'))).toEqual({
      invoiceNumber: 'F202500004',
      sellerSiren: '100000009',
      code: 213,
      label: 'Rejetée',
      reasonCode: 'DOUBLON',
      reason: 'Facture en doublon (déjà émise / réçue)',
      occurredAt: '2025-07-01T16:10:00.000Z',
    });
    expect(parseCdar(example('UC3_F202500005_04-CDV-210_Refusee.xml'))).toMatchObject({
      invoiceNumber: 'F202500005',
      code: 210,
      reasonCode: 'TX_TVA_ERR',
      reason: 'Taux de TVA erroné',
      occurredAt: '2025-07-01T18:00:00.000Z',
    });
    expect(parseCdar(example('UC4b_F202500006_05-CDV-220_Annulee.xml'))).toMatchObject({
      invoiceNumber: 'F202500006',
      code: 220,
      label: 'Annulée',
    });
  });

  it('says what is wrong with a message it cannot use', () => {
    const valid = example('UC1_F202500003_01-CDV-200_Deposee.xml').toString('utf8');
    expect(parseCdar('<nope')).toMatchObject({ error: expect.stringContaining('') });
    expect(parseCdar('<Invoice/>')).toEqual({ error: 'the root element is not CrossDomainAcknowledgementAndResponse' });
    expect(parseCdar(valid.replace(/<ram:ProcessConditionCode>200/, '<ram:ProcessConditionCode>2x0'))).toMatchObject({
      error: expect.stringContaining('MDT-105'),
    });
    expect(
      parseCdar(
        valid.replace(/schemeID="0002">100000009<\/ram:GlobalID> {2}<!-- MDT-129/, 'schemeID="0009">1</ram:GlobalID>  <!-- MDT-129'),
      ),
    ).toMatchObject({
      error: expect.stringContaining('MDT-129'),
    });
  });
});

describe('the sandbox CDAR messages', () => {
  const codes = [...new Set(Object.values(SANDBOX_SCRIPTS).flatMap((script) => script.map((step) => step.code)))];

  it('parse back to what was written, special characters included', () => {
    const occurredAt = new Date('2026-03-15T10:11:12Z');
    const xml = buildCdar(subject, {
      code: 213,
      label: 'Rejetée',
      occurredAt,
      reasonCode: 'DOUBLON',
      reason: 'Déjà reçue <2 fois> & plus',
    });
    expect(parseCdar(xml)).toEqual({
      invoiceNumber: 'F-2026/001 & <co>',
      sellerSiren: '100000009',
      code: 213,
      label: 'Rejetée',
      reasonCode: 'DOUBLON',
      reason: 'Déjà reçue <2 fois> & plus',
      occurredAt: occurredAt.toISOString(),
    });
  });

  it('pass the BR-FR CDV schematron 1.4.0.03 for every scripted status, and a broken one does not', () => {
    const sef = JSON.parse(readFileSync(new URL('../../../artefacts/sef/brfr-cdar.sef.json', import.meta.url), 'utf8'));
    const failures = (xml: string) => {
      const out = SaxonJS.transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync');
      return [...String(out.principalResult).matchAll(/<svrl:failed-assert[^>]*\bid="([^"]*)"/g)].map((match) => match[1]);
    };
    for (const code of codes) {
      const step = Object.values(SANDBOX_SCRIPTS)
        .flat()
        .find((candidate) => candidate.code === code)!;
      const xml = buildCdar(subject, { ...step, label: STATUS_LABELS[code]!, occurredAt: new Date('2026-03-15T10:00:00Z') });
      expect({ code, failures: failures(xml) }).toEqual({ code, failures: [] });
    }
    const broken = buildCdar(subject, { code: 210, label: 'Refusée', occurredAt: new Date(), reasonCode: 'PAS_UN_MOTIF' });
    expect(failures(broken).length).toBeGreaterThan(0);
    for (const name of readdirSync(examples))
      expect({ name, failures: failures(example(name).toString('utf8')) }).toEqual({ name, failures: [] });
  });

  it('scripts follow the simulated platform triggers: SIM-REJECT before SIM-REFUSE, number or note, any case', () => {
    expect(sandboxScriptFor('F-1')).toBe(SANDBOX_SCRIPTS.accepted);
    expect(sandboxScriptFor('f-sim-refuse-1')).toBe(SANDBOX_SCRIPTS.refused);
    expect(sandboxScriptFor('SIM-REFUSE SIM-REJECT')).toBe(SANDBOX_SCRIPTS.rejected);
    expect(sandboxScriptFor('F-2', ['note', 'Sim-Reject'])).toBe(SANDBOX_SCRIPTS.rejected);
  });
});
