/**
 * Test documents, built from the French example (`examples/fr-b2b-invoice.json`:
 * EUR, 20 % VAT, a French company as customer) so every test starts from a
 * document that passes every rule, the EN 16931 and BR-FR ones included, and
 * changes only what it is about. Unless a test sets them, a line's `amount`
 * follows its quantity and unit amount, a tax's `amount` its rate, and the
 * document's totals its lines (BR-CO-10/14/15/16 keep holding).
 */
import { readFileSync } from 'node:fs';
import type { CreditNoteDocument, CreditNoteLine, InvoiceDocument, InvoiceLine, Tax, TaxId } from '../../src/model/documents.ts';
import { toGraphQLName } from '../../src/schema/wire-names.ts';

/** The official EN 16931 examples converted to the SaaS format: each breaks a French rule decided by the body (examples/README.md). */
export const OFFICIAL_EXAMPLES = ['guide-example1', 'sample-discount-price', 'ubl-tc434-example9'] as const;
/** The French invoices written for the gateway: each is accepted and reaches `validated`. */
export const FRENCH_EXAMPLES = ['fr-b2b-invoice', 'fr-b2c-invoice', 'fr-b2bint-invoice', 'fr-multi-rate-invoice'] as const;
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

const BASE = loadExample('fr-b2b-invoice');
const BASE_LINE = BASE.lines[0] as InvoiceLine;
const BASE_TAX = BASE_LINE.taxes[0] as Tax;

/** Taxes whose `amount` the line computes (made by `tax()` without an `amount`). */
const computedTaxAmount = new WeakSet<object>();

/** A tax like the fixture's (20 %), with `overrides` applied; without an `amount` override, the line computes it from the rate. */
export function tax(overrides: Partial<Tax> = {}): Tax {
  const made = { ...structuredClone(BASE_TAX), ...overrides };
  if (!('amount' in overrides)) computedTaxAmount.add(made);
  return made;
}

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** Chainable edits of one line, starting from the fixture's line. */
export class LineBuilder {
  private readonly line: Record<string, unknown> & { taxes: Tax[] };
  private amountSet = false;

  constructor(id: string) {
    this.line = { ...structuredClone(BASE_LINE), id, taxes: [tax()] };
  }

  withTaxes(...taxes: Tax[]): this {
    this.line.taxes = taxes;
    return this;
  }

  /** Sets any field, known or not (e.g. an unknown `type` on a credit note line). */
  with(key: string, value: unknown): this {
    this.line[key] = value;
    if (key === 'amount') this.amountSet = true;
    return this;
  }

  without(key: string): this {
    delete this.line[key];
    if (key === 'amount') this.amountSet = true;
    return this;
  }

  /** The line; `amount` = quantity × unit_amount and each computed tax amount = amount × rate, rounded, unless set. */
  build(): InvoiceLine {
    const line = structuredClone(this.line);
    const { quantity, unit_amount } = this.line;
    if (!this.amountSet && isInteger(quantity) && isInteger(unit_amount)) line['amount'] = quantity * unit_amount;
    if (Array.isArray(this.line.taxes) && isInteger(line['amount'])) {
      this.line.taxes.forEach((made, i) => {
        const rate = (made as { percentage?: unknown }).percentage;
        if (computedTaxAmount.has(made) && typeof rate === 'number') {
          line.taxes[i]!.amount = Math.round(((line['amount'] as number) * rate) / 100);
        }
      });
    }
    return line as InvoiceLine;
  }
}

type LineEdit = (line: LineBuilder) => LineBuilder;

/** The document totals `build()` computes from the lines unless a test set them. */
const TOTALS = ['subtotal', 'total_excl_tax', 'tax_total', 'total', 'amount_paid', 'amount_due'] as const;

abstract class DocumentBuilder<D> {
  protected abstract readonly doc: Record<string, unknown> & { lines: unknown[] };
  private readonly set = new Set<string>();

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
    this.set.add(key);
    return this;
  }

  without(key: string): this {
    delete this.doc[key];
    this.set.add(key);
    return this;
  }

  /** The document, its totals following its lines (those the fixture has and the test did not set). */
  build(): D {
    const doc = structuredClone(this.doc);
    if (!Array.isArray(doc.lines)) return doc as D;
    const lines = doc.lines as Array<{ amount?: unknown; taxes?: Array<{ amount?: unknown }> }>;
    const amounts = lines.map((line) => line?.amount);
    const taxes = lines.flatMap((line) => (Array.isArray(line?.taxes) ? line.taxes.map((t) => t?.amount) : []));
    if (!amounts.every(isInteger) || !taxes.every(isInteger)) return doc as D;
    const subtotal = amounts.reduce((sum, amount) => sum + amount, 0);
    const taxTotal = taxes.reduce((sum, amount) => sum + amount, 0);
    const values: Record<(typeof TOTALS)[number], number> = {
      subtotal,
      total_excl_tax: subtotal,
      tax_total: taxTotal,
      total: subtotal + taxTotal,
      amount_paid: 0,
      amount_due: subtotal + taxTotal,
    };
    for (const key of TOTALS) if (key in doc && !this.set.has(key)) doc[key] = values[key];
    return doc as D;
  }
}

/** Invoice builder: the French example with its first line; `build()` returns a document that passes all rules unless edited. */
export class InvoiceBuilder extends DocumentBuilder<InvoiceDocument> {
  // One line, as the tests' paths (`/lines/1` is the first line a test adds) expect; the totals follow it.
  protected readonly doc = { ...structuredClone(BASE), lines: [structuredClone(BASE_LINE)] } as InvoiceDocument & Record<string, unknown>;

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

function loadCreditNote(): CreditNoteDocument {
  return JSON.parse(readFileSync(new URL('../../examples/fr-credit-note.json', import.meta.url), 'utf8')) as CreditNoteDocument;
}

/** Credit note builder: a refund of the fixture invoice (`examples/fr-credit-note.json`), in EUR, passing all rules unless edited. */
export class CreditNoteBuilder extends DocumentBuilder<CreditNoteDocument> {
  protected readonly doc: CreditNoteDocument & Record<string, unknown> = {
    ...loadCreditNote(),
    invoice_id: BASE.id,
    lines: [new LineBuilder('1').without('type').build() as unknown as CreditNoteLine],
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

/** The base invoice with a business buyer in `country` named by a VAT number only (no SIREN), with or without e-mail. */
export function foreignBuyer(country: string, vat: string, email: string | undefined): InvoiceDocument {
  const doc = invoice().unique('vat').withBillingCountry(country).withTaxIds({ type: 'eu_vat', value: vat }).build();
  if (email === undefined) delete doc.customer_snapshot.email;
  else doc.customer_snapshot.email = email;
  return doc;
}
