/**
 * The lifecycle codes (src/domain/lifecycle/codes.ts): exactly the CDV list of the pinned BR-FR CDV schematron,
 * 200 to 214 as the spec gives them, the added labels with their finality, and labels that never fail.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  displayLabel,
  FINAL_CODES,
  LIFECYCLE_CODE_LIST,
  LIFECYCLE_CODES,
  lifecycleCode,
  REJECTING_CODES,
} from '../../src/domain/lifecycle/codes.ts';
import { documentTypeOf } from '../../src/platform/inbound/match.ts';
import { itMaps } from '../support/unit-tables.ts';

/** The codes `custom:is-valid-invoice-status-code` accepts (BR-FR-CDV-CL-06), read from the artefact itself. */
function schematronCodes(): number[] {
  const xslt = readFileSync(new URL('../../artefacts/br-fr-1.4.0.03/BR-FR-CDV-Schematron-CDAR_V1.4.0.03.xslt', import.meta.url), 'utf8');
  const match = /name="custom:invoice-status-codes"[^>]*select="'([^']*)'"/.exec(xslt);
  if (!match) throw new Error('the CDV schematron no longer lists its status codes where expected');
  return match[1]!.trim().split(/\s+/).map(Number);
}

describe('lifecycle codes', () => {
  it('are exactly the CDV list of the pinned schematron, in order, each name unique and ASCII', () => {
    expect(LIFECYCLE_CODES.map((entry) => entry.code)).toEqual(schematronCodes());
    const names = LIFECYCLE_CODES.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Z][A-Z_]*$/);
    expect(LIFECYCLE_CODE_LIST).toBe('200 to 214, 220, 221, 224 to 228, 250, 251, 300, 301, 400, 401, 500, 501, 601');
  });

  itMaps('keeps %i %s exactly as the spec gives it', (code: number) => lifecycleCode(code)?.label, [
    [200, 'Déposée'],
    [201, 'Émise'],
    [202, 'Reçue'],
    [203, 'Mise à disposition'],
    [204, 'Prise en charge'],
    [205, 'Approuvée'],
    [206, 'Approuvée partiellement'],
    [207, 'En litige'],
    [208, 'Suspendue'],
    [209, 'Complétée'],
    [210, 'Refusée'],
    [211, 'Paiement transmis'],
    [212, 'Encaissée'],
    [213, 'Rejetée'],
    [214, 'Visée'],
  ]);

  it.each([
    // code, label, name, final, moves to rejected, reason expected
    [220, 'Annulée', 'ANNULEE', true, false, false],
    [221, 'Erreur de routage', 'ERREUR_DE_ROUTAGE', false, false, false],
    [224, 'Demande de paiement direct', 'DEMANDE_DE_PAIEMENT_DIRECT', false, false, false],
    [225, 'Affacturée', 'AFFACTUREE', false, false, false],
    [226, 'Affacturée confidentiel', 'AFFACTUREE_CONFIDENTIEL', false, false, false],
    [227, 'Changement de compte à payer', 'CHANGEMENT_DE_COMPTE_A_PAYER', false, false, false],
    [228, 'Non affacturée', 'NON_AFFACTUREE', false, false, false],
    [250, 'Déposée', 'DONNEES_REGLEMENTAIRES_DEPOSEES', false, false, false],
    [251, 'Rejetée', 'DONNEES_REGLEMENTAIRES_REJETEES', false, false, false],
    [300, 'Déposée', 'DONNEES_TRANSACTION_PAIEMENT_DEPOSEES', false, false, false],
    [301, 'Rejetée', 'DONNEES_TRANSACTION_PAIEMENT_REJETEES', false, false, false],
    [400, 'Acceptée', 'LIGNE_ANNUAIRE_ACCEPTEE', false, false, false],
    [401, 'Rejetée', 'LIGNE_ANNUAIRE_REJETEE', false, false, false],
    [500, 'Recevable', 'RECEVABLE', false, false, false],
    [501, 'Irrecevable', 'IRRECEVABLE', true, true, true],
    [601, 'Rejeté', 'STATUTS_OBLIGATOIRES_REJETES', false, false, false],
  ])('adds %i %s (%s): final %s, rejects %s, reason expected %s', (code, label, name, final, rejects, needsReason) => {
    expect(lifecycleCode(code)).toMatchObject({ code, label, name, final, rejects, needsReason, meaning: expect.any(String) });
  });

  it('keeps the spec finality of 210, 212, 213 and adds 220 and 501; 213 and 501 alone move a submission to rejected', () => {
    expect(FINAL_CODES).toEqual([210, 212, 213, 220, 501]);
    expect(REJECTING_CODES).toEqual([213, 501]);
    expect(LIFECYCLE_CODES.filter((entry) => entry.needsReason).map((entry) => entry.code)).toEqual([210, 213, 501]);
  });

  it.each([[199], [215], [219], [222], [229], [502], [600], [999], [2.5]])('knows nothing of %s', (code) => {
    expect(lifecycleCode(code)).toBeUndefined();
  });

  it('labels any stored code: its own label, else the PA label, else the digits', () => {
    expect(displayLabel(501, 'IRRECEVABLE (PA)')).toBe('Irrecevable');
    expect(displayLabel(229, 'Nouveau statut')).toBe('Nouveau statut');
    expect(displayLabel(229, '')).toBe('229');
    expect(displayLabel(229, null)).toBe('229');
    expect(displayLabel(229)).toBe('229');
  });

  itMaps('tells a referenced document of type code %s apart as %s', documentTypeOf, [
    ['380', 'invoice'],
    ['384', 'invoice'],
    ['389', 'invoice'],
    ['501', 'invoice'],
    ['381', 'credit_note'],
    ['261', 'credit_note'],
    ['396', 'credit_note'],
    [' 381 ', 'credit_note'],
  ]);
});
