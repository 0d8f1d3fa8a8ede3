// GW-CONTROL-CHARACTER (src/domain/rules/text.ts): text the e-invoice carries may not hold what XML 1.0 cannot
// carry; the writers used to replace it by U+FFFD without a word.
import { describe, expect, it } from 'vitest';
import { checkCreditNote, checkInvoice } from '../../../src/domain/rules/index.ts';
import { escapeText, hasNonXmlCharacter } from '../../../src/einvoice/xml.ts';
import { creditNote, invoice } from '../../support/documents.ts';
import { CONTROL_ROWS, controlInvoice } from '../../support/rule-tables.ts';

describe('hasNonXmlCharacter', () => {
  it.each<[string, boolean]>([
    ['Dupont & Fils', false],
    ['line\tone\nline two\r', false], // tab, LF, CR: XML carries them
    ['é 😀 \u00a0 \u0085 \u007f', false], // C1 controls and DEL are XML 1.0 characters
    ['bell\u0007', true],
    ['nul\u0000', true],
    ['\u001b[0m', true],
    ['\ufffe', true],
    ['\uffff', true],
    ['lone \ud83d', true],
    ['lone \ude00', true],
  ])('%j → %s', (value, expected) => {
    expect(hasNonXmlCharacter(value)).toBe(expected);
    // Agrees with the writer: what it refuses is exactly what escapeText would replace.
    expect(escapeText(value).includes('\ufffd')).toBe(expected);
  });
});

describe('GW-CONTROL-CHARACTER on the fields the e-invoice carries', () => {
  const BELL = '\u0007';
  it.each(CONTROL_ROWS)('%s', (_name, edit, path) => {
    expect(checkInvoice(controlInvoice(edit))).toEqual([
      { path, rule: 'GW-CONTROL-CHARACTER', message: expect.stringMatching(/U\+|surrogate/) },
    ]);
  });

  it('names the code point', () => {
    const doc = invoice().build();
    doc.customer_snapshot.name = `Dupont${BELL}`;
    expect(checkInvoice(doc)[0]?.message).toContain('U+0007');
  });

  it('leaves tab, line feed and fields the e-invoice does not carry alone', () => {
    const doc = invoice().with('x_note', `free${BELL}`).withCustomerField('x_segment', `\u0001`).build();
    doc.lines[0]!.description = 'Abonnement\tPro\nnovembre';
    expect(checkInvoice(doc)).toEqual([]);
  });

  it('checks credit note lines', () => {
    const doc = creditNote().build();
    doc.lines[0]!.description += BELL;
    expect(checkCreditNote(doc)).toEqual([expect.objectContaining({ path: ['lines', 0, 'description'], rule: 'GW-CONTROL-CHARACTER' })]);
  });
});
