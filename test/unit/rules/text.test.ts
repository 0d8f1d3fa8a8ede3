// GW-CONTROL-CHARACTER (src/domain/rules/text.ts): text the e-invoice carries may not hold what XML 1.0 cannot
// carry; the writers used to replace it by U+FFFD without a word.
import { describe, expect, it } from 'vitest';
import { checkCreditNote, checkInvoice } from '../../../src/domain/rules/index.ts';
import { escapeText, hasNonXmlCharacter } from '../../../src/einvoice/xml.ts';
import { creditNote, invoice } from '../../support/documents.ts';

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
  it.each<[string, (doc: any) => void, Array<string | number>]>([
    ['buyer name', (d) => void (d.customer_snapshot.name = `Dupont${BELL}`), ['customer_snapshot', 'name']],
    ['buyer e-mail', (d) => void (d.customer_snapshot.email = `a${BELL}@example.com`), ['customer_snapshot', 'email']],
    ['address line1', (d) => void (d.customer_snapshot.billing_address.line1 += BELL), ['customer_snapshot', 'billing_address', 'line1']],
    ['city', (d) => void (d.customer_snapshot.billing_address.city += '\u0000'), ['customer_snapshot', 'billing_address', 'city']],
    [
      'postal code',
      (d) => void (d.customer_snapshot.billing_address.postal_code += '\u001f'),
      ['customer_snapshot', 'billing_address', 'postal_code'],
    ],
    [
      'tax id',
      (d) => void (d.customer_snapshot.tax_ids = [{ type: 'vat', value: `GB123${BELL}` }]),
      ['customer_snapshot', 'tax_ids', 0, 'value'],
    ],
    ['line id', (d) => void (d.lines[0].id += BELL), ['lines', 0, 'id']],
    ['line description', (d) => void (d.lines[0].description += '\ud800'), ['lines', 0, 'description']],
  ])('%s', (_name, edit, path) => {
    const doc = invoice().build();
    edit(doc);
    expect(checkInvoice(doc)).toEqual([{ path, rule: 'GW-CONTROL-CHARACTER', message: expect.stringMatching(/U\+|surrogate/) }]);
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
