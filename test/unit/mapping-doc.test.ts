/**
 * docs/mapping.md is the gateway's mapping table: each row's UBL 2.1 and CII D22B path must reach an element of
 * the XML the gateway writes for the French examples (rows "(not in the example)": for variants of the invoice),
 * with the value of its source when that source is a single pointer or constant; and every leaf element written
 * must be reached by some row, so the table cannot miss a term.
 */
import { readFileSync } from 'node:fs';
import { XmlAttribute, XmlDocument, XmlElement, type XmlNode } from 'libxml2-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import type { CreditNoteDocument, InvoiceDocument } from '../../src/model/documents.ts';
import { completeSellerProfile, DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import type { SellerProfile } from '../../src/model/seller-profile.ts';
import { writeCii } from '../../src/einvoice/cii.ts';
import { deriveFromBody } from '../../src/einvoice/derive.ts';
import { type PrecedingInvoice, toEInvoice } from '../../src/einvoice/map.ts';
import { writeUbl } from '../../src/einvoice/ubl.ts';
import { writerVariants } from '../support/writer-variants.ts';

type Syntax = 'ubl' | 'cii';
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const NS = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
};
// Body fields the interface spec types as "integer amount" (minor units), written as decimals.
const AMOUNT_FIELDS = new Set('amount unit_amount subtotal total_excl_tax tax_total total amount_paid amount_due tax_total_eur'.split(' '));

// ---- The document: abbreviations, mapping rows, syntax-only rows ----
const doc = read('docs/mapping.md');
const trim = (cell: string) => cell.trim();
const cells = (line: string) =>
  line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map(trim);
const code = (cell: string) => /^`([^`]+)`$/.exec(cell)?.[1];
const tableLines = doc.split('\n').filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line));

const abbreviations = new Map<string, string>();
for (const [name, syntax, path, creditPath] of tableLines.map(cells).filter((c) => c.length === 4 && /^`\$\w+`$/.test(c[0]!))) {
  const key = `${syntax!.toLowerCase()}:${code(name!)!.slice(1)}`;
  abbreviations.set(key, code(path!)!);
  if (code(creditPath!)) abbreviations.set(`${key}:credit`, code(creditPath!)!);
}

type Row = Record<'term' | 'name' | 'source' | 'ubl' | 'cii' | 'in', string>;
const rows: Row[] = tableLines
  .map(cells)
  .filter((c) => c.length === 7 && /^B[TG]-\d+(-1)?$/.test(c[0]!))
  .map(([term, name, source, ubl, cii, , where]) => ({ term: term!, name: name!, source: source!, ubl: ubl!, cii: cii!, in: where! }));
const syntaxStart = doc.indexOf('### Elements without a business term');
const syntaxRows = doc
  .slice(syntaxStart, doc.indexOf('\n## ', syntaxStart))
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| Element'))
  .map(cells)
  .filter((c) => c.length === 3);

/** A path cell with its `$` abbreviations expanded for `syntax` (a credit note's where it differs). */
function expand(cell: string, syntax: Syntax, credit: boolean): string {
  let path = code(cell);
  if (path === undefined) throw new Error(`not one code span: ${cell}`);
  for (let depth = 0; path.includes('$') && depth < 5; depth++) {
    path = path.replace(/\$(\w+)/g, (_, name: string) => {
      const found = (credit && abbreviations.get(`${syntax}:${name}:credit`)) || abbreviations.get(`${syntax}:${name}`);
      if (found === undefined) throw new Error(`unknown abbreviation $${name} (${syntax})`);
      return found;
    });
  }
  return path;
}

// ---- The written documents: the examples through the gateway's chain, and variants of the invoice ----
interface Written {
  label: string;
  body: Record<string, unknown>;
  profile: SellerProfile;
  credit: boolean;
  xml: Record<Syntax, XmlDocument>;
}
const invoice = JSON.parse(read('examples/fr-b2b-invoice.json')) as InvoiceDocument;
const creditNote = JSON.parse(read('examples/fr-credit-note.json')) as CreditNoteDocument;
const demo = completeSellerProfile(DEMO_SELLER_PROFILE);
const opened: XmlDocument[] = [];

function write(label: string, body: InvoiceDocument | CreditNoteDocument, profile: SellerProfile, preceding?: PrecedingInvoice): Written {
  const derived =
    'invoice_id' in body
      ? deriveFromBody({ kind: 'credit_note', document: body as CreditNoteDocument, customer: invoice.customer_snapshot })
      : deriveFromBody({ kind: 'invoice', document: body as InvoiceDocument });
  if (!derived.document) throw new Error(`${label}: ${JSON.stringify(derived.violations)}`);
  const einvoice = toEInvoice(derived.document, profile, preceding);
  const xml = { ubl: XmlDocument.fromString(writeUbl(einvoice)), cii: XmlDocument.fromString(writeCii(einvoice)) };
  opened.push(xml.ubl, xml.cii);
  return { label, body, profile, credit: einvoice.kind === 'credit_note', xml };
}

const issued = deriveFromBody({ kind: 'invoice', document: invoice }).document!.issueDate;
const examples = {
  invoice: write('invoice', invoice, demo),
  'credit note': write('credit note', creditNote, demo, { number: invoice.number, issueDate: issued }),
};
const { usdPartPaid, charge } = writerVariants(invoice);
const variants = [
  write('discount, USD, part-paid', usdPartPaid.body, usdPartPaid.profile),
  write('charge', charge.body, charge.profile),
  // A seller that opted for VAT on debits (BT-8 and its note).
  write('vat on debits', invoice, { ...demo, vat_on_debits: true }),
];
afterAll(() => {
  for (const xml of opened) xml.dispose();
});

const find = (written: Written, syntax: Syntax, cell: string): XmlNode[] =>
  written.xml[syntax].root.find(expand(cell, syntax, written.credit), NS);

function pointer(root: unknown, path: string): unknown {
  return path
    .split('/')
    .slice(1)
    .reduce<unknown>((at, token) => (at as Record<string, unknown> | undefined)?.[token], root);
}

/** The text a single-pointer or constant source must give each node (one per line for `{i}`), else undefined. */
function expected(source: string, written: Written, syntax: Syntax): string[] | undefined {
  const value = code(source);
  if (value === undefined) return undefined;
  if (value.startsWith('constant ')) return [value.slice('constant '.length)];
  const [root, path] = value.startsWith('profile:') ? [written.profile, value.slice('profile:'.length)] : [written.body, value];
  const lines = path.includes('{i}') ? (written.body['lines'] as unknown[]) : [undefined];
  return lines.map((_, i) => {
    const found = pointer(root, path.replace('{i}', String(i)));
    if (typeof found === 'number') return AMOUNT_FIELDS.has(path.split('/').at(-1)!) ? (found / 100).toFixed(2) : String(found);
    if (typeof found !== 'string') throw new Error(`${value} is not in ${written.label}`);
    return syntax === 'cii' && /^\d{4}-\d{2}-\d{2}$/.test(found) ? found.replaceAll('-', '') : found;
  });
}

function checkRow(row: Row, written: Written): void {
  for (const syntax of ['ubl', 'cii'] as const) {
    const nodes = find(written, syntax, syntax === 'ubl' ? row.ubl : row.cii);
    expect(nodes.length, `${syntax} ${row.term} in ${written.label}`).toBeGreaterThan(0);
    const values = expected(row.source, written, syntax);
    if (values === undefined) continue;
    const texts = nodes.map((node) => node.content);
    if (values.length > 1) expect(texts, `${syntax} ${row.term}`).toEqual(values);
    else for (const text of texts) expect(text, `${syntax} ${row.term}`).toBe(values[0]);
  }
}

describe('docs/mapping.md', () => {
  it('has the mapping rows, abbreviations and syntax-only rows the test reads', () => {
    expect(rows.length).toBeGreaterThan(60);
    expect(abbreviations.size).toBeGreaterThan(15);
    expect(syntaxRows.length).toBeGreaterThan(2);
    expect(rows.filter((row) => row.in === '(not in the example)').length).toBeLessThan(rows.length / 3);
  });

  it.each(rows.map((row) => [`${row.term} ${row.name}`, row] as const))('%s', (_, row) => {
    if (row.in === 'invoice' || row.in === 'credit note') return checkRow(row, examples[row.in]);
    expect(row.in).toBe('(not in the example)');
    expect(find(examples.invoice, 'ubl', row.ubl), 'marked "(not in the example)" but the invoice has it').toEqual([]);
    const carrying = variants.filter((variant) => find(variant, 'ubl', row.ubl).length > 0);
    expect(
      carrying.map((variant) => variant.label),
      'a variant of the invoice carries it',
    ).not.toEqual([]);
    for (const variant of carrying) checkRow(row, variant);
  });

  it.each(syntaxRows.map((row) => [row[0]!, row] as const))('syntax element: %s', (_, [, ubl, cii]) => {
    for (const [syntax, cell] of [
      ['ubl', ubl!],
      ['cii', cii!],
    ] as const) {
      if (cell === '—') continue;
      const all = [examples.invoice, examples['credit note'], ...variants];
      expect(
        all.some((written) => find(written, syntax, cell).length > 0),
        `${syntax} ${cell}`,
      ).toBe(true);
    }
  });

  it.each([examples.invoice, examples['credit note'], ...variants].map((written) => [written.label, written] as const))(
    'reaches every leaf element written for the %s',
    (_, written) => {
      for (const syntax of ['ubl', 'cii'] as const) {
        const reached = new Set<string>();
        const cellsOf = [
          ...rows.map((row) => (syntax === 'ubl' ? row.ubl : row.cii)),
          ...syntaxRows.map((row) => row[syntax === 'ubl' ? 1 : 2]!),
        ];
        for (const cell of cellsOf) if (cell !== '—') for (const node of find(written, syntax, cell)) reached.add(keyOf(node));
        const leaves = written.xml[syntax].root.find('descendant::*[not(*)]');
        expect(
          leaves.map(keyOf).filter((key) => !reached.has(key)),
          syntax,
        ).toEqual([]);
      }
    },
  );
});

/** A node's path with positions (`/ns:name[i]`), the same for the same node whatever XPath found it. */
function keyOf(node: XmlNode): string {
  // An attribute row (a scheme, a unit) does not reach its element: the element needs a row of its own.
  if (node instanceof XmlAttribute) return `${keyOf(node.parent!)}/@${(node as XmlAttribute & { name: string }).name}`;
  const element = node as XmlElement;
  let index = 0;
  for (let sibling = element.prev; sibling; sibling = sibling.prev) {
    if (sibling instanceof XmlElement && sibling.name === element.name && sibling.namespaceUri === element.namespaceUri) index++;
  }
  const parent = element.parent instanceof XmlElement ? keyOf(element.parent) : '';
  return `${parent}/${element.prefix}:${element.name}[${index}]`;
}
