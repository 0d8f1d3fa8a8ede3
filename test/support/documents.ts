/**
 * Test documents, built from a real fixture
 * (`examples/sample-discount-price.json`: EUR, one line at 25 %, HR customer
 * with an EU VAT number) so every test starts from a document that passes,
 * and changes only what it is about.
 */
import { readFileSync } from 'node:fs';
import type { CreditNoteDocument, CreditNoteLine, InvoiceDocument, InvoiceLine, Tax, TaxId } from '../../src/domain/documents.ts';
import { toGraphQLName } from '../../src/schema/wire-names.ts';

/** The real examples, by file name without `.json`. */
export const EUR_EXAMPLES = ['guide-example1', 'sample-discount-price', 'ubl-tc434-example9'] as const;
export const DKK_EXAMPLE = 'BIS3_Invoice_positive';

/** Reads `examples/<name>.json` (a fresh object on every call). */
export function loadExample(name: string): InvoiceDocument {
  const url = new URL(`../../examples/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as InvoiceDocument;
}

/** A wire (snake_case) document as a GraphQL input (camelCase keys, values kept), as a GraphQL client would write it. */
export function toGraphQLInput(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toGraphQLInput);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [toGraphQLName(key), toGraphQLInput(field)]));
}

const BASE = loadExample('sample-discount-price');
const BASE_LINE = BASE.lines[0] as InvoiceLine;
const BASE_TAX = BASE_LINE.taxes[0] as Tax;

/** A tax like the fixture's (25 %), with `overrides` applied. */
export function tax(overrides: Partial<Tax> = {}): Tax {
  return { ...structuredClone(BASE_TAX), ...overrides };
}

/** Chainable edits of one line, starting from the fixture's line. */
export class LineBuilder {
  private readonly line: Record<string, unknown> & { taxes: Tax[] };

  constructor(id: string) {
    this.line = { ...structuredClone(BASE_LINE), id };
  }

  withTaxes(...taxes: Tax[]): this {
    this.line.taxes = taxes;
    return this;
  }

  /** Sets any field, known or not (e.g. an unknown `type` on a credit note line). */
  with(key: string, value: unknown): this {
    this.line[key] = value;
    return this;
  }

  without(key: string): this {
    delete this.line[key];
    return this;
  }

  build(): InvoiceLine {
    return structuredClone(this.line) as InvoiceLine;
  }
}

type LineEdit = (line: LineBuilder) => LineBuilder;

abstract class DocumentBuilder<D> {
  protected abstract readonly doc: Record<string, unknown> & { lines: unknown[] };

  /** `currency` as given; `undefined` keeps the key with an undefined value. */
  withCurrency(code: string | undefined): this {
    this.doc['currency'] = code;
    return this;
  }

  withoutLines(): this {
    this.doc.lines = [];
    return this;
  }

  /** Appends a line built from the fixture's line; its id follows the line count. */
  withLine(edit: LineEdit = (line) => line): this {
    this.doc.lines.push(edit(new LineBuilder(String(this.doc.lines.length + 1))).build());
    return this;
  }

  /** Gives the document a fresh SaaS id and number, so tests never collide. */
  unique(tag = 'doc'): this {
    const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    this.doc['id'] = `${tag}_${suffix}`;
    this.doc['number'] = `${tag.toUpperCase()}-${suffix}`;
    return this;
  }

  /** Sets any top-level field, known or not. */
  with(key: string, value: unknown): this {
    this.doc[key] = structuredClone(value);
    return this;
  }

  without(key: string): this {
    delete this.doc[key];
    return this;
  }

  build(): D {
    return structuredClone(this.doc) as D;
  }
}

/** Invoice builder; `build()` returns a document that passes all rules unless edited. */
export class InvoiceBuilder extends DocumentBuilder<InvoiceDocument> {
  protected readonly doc = structuredClone(BASE) as InvoiceDocument & Record<string, unknown>;

  private get customer(): Record<string, unknown> {
    return this.doc.customer_snapshot;
  }

  withBillingCountry(country: unknown): this {
    (this.doc.customer_snapshot.billing_address as Record<string, unknown>)['country'] = country;
    return this;
  }

  /** Replaces the customer's tax ids. */
  withTaxIds(...taxIds: TaxId[]): this {
    this.customer['tax_ids'] = taxIds;
    return this;
  }

  /** Sets any field of `customer_snapshot`, known or not. */
  withCustomerField(key: string, value: unknown): this {
    this.customer[key] = structuredClone(value);
    return this;
  }
}

/** Credit note builder: a refund of the fixture invoice, in EUR, passing all rules unless edited. */
export class CreditNoteBuilder extends DocumentBuilder<CreditNoteDocument> {
  protected readonly doc: CreditNoteDocument & Record<string, unknown> = {
    id: 'cn_sample-discount-price',
    number: 'CN-0001',
    invoice_id: BASE.id,
    reason: 'Price correction',
    status: 'open',
    currency: 'EUR',
    created_at: '2018-03-01T00:00:00Z',
    total_excl_tax: BASE.total_excl_tax,
    tax_total: BASE.tax_total,
    total: BASE.total,
    lines: BASE.lines.map(({ type: _type, ...line }): CreditNoteLine => structuredClone(line)),
  };

  withoutCurrency(): this {
    return this.without('currency');
  }

  /** Refers to the invoice whose SaaS id is `invoiceId`. */
  refunding(invoiceId: string): this {
    this.doc.invoice_id = invoiceId;
    return this;
  }
}

export const invoice = (): InvoiceBuilder => new InvoiceBuilder();
export const creditNote = (): CreditNoteBuilder => new CreditNoteBuilder();
