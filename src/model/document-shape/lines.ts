/** The lines of a document and their taxes (spec § Invoice line, § Tax, § Credit note). */
import type { ObjectSpec } from './kinds.ts';

/** A tax on a line (spec § Tax); its rate is the line's VAT rate. */
export const Tax = {
  term: 'BG-30',
  description: 'A tax on a line. At most one per line: a second one is a 422 (rule GW-ONE-TAX-PER-LINE).',
  fields: {
    name: { kind: 'string', description: 'Tax name, e.g. "VAT S".' },
    percentage: {
      kind: 'number',
      required: true,
      term: 'BT-152',
      summary: 'Rate in percent, 0 to 100.',
      description: 'Rate in percent. Outside 0 to 100 inclusive is a 422 (rule GW-TAX-RATE-RANGE).',
      examples: [20],
    },
    inclusive: {
      kind: 'boolean',
      summary: 'True if the price includes the tax.',
      description: 'True if the price includes the tax.',
    },
    amount: { kind: 'amount', required: true, summary: 'Tax amount, minor units.', description: 'Tax amount.' },
    category: {
      kind: 'string',
      term: 'BT-151',
      summary: 'VAT category code (BT-151): S, Z, E, AE, K, G or O; inferred from the rate and the buyer when absent.',
      description:
        'VAT category code (BT-151): S, Z, E, AE, K, G or O. Absent: inferred from the rate and the buyer (docs/mapping.md). ' +
        'Another code is a 422 (rule BR-FR-15).',
    },
  },
} as const satisfies ObjectSpec;

// The fields both line kinds share; each kind adds its own GraphQL summaries.
const line = {
  id: { kind: 'string', required: true, term: 'BT-126', description: 'Line identifier (BT-126).' },
  description: { kind: 'string', required: true, term: 'BT-153', description: 'Item name (BT-153).' },
  quantity: {
    kind: 'number',
    required: true,
    term: 'BT-129',
    description: 'Quantity (BT-129); negative for returns.',
  },
  unit_amount: { kind: 'amount', required: true, term: 'BT-146', description: 'Net unit price (BT-146).' },
  amount: {
    kind: 'amount',
    required: true,
    term: 'BT-131',
    description: 'Line net amount excluding tax (BT-131); may be negative.',
  },
  taxes: {
    kind: 'list',
    of: 'Tax',
    required: true,
    summary: 'At most one tax per line.',
    description: 'Taxes of the line; at most one (422 GW-ONE-TAX-PER-LINE).',
  },
} as const;

/** An invoice line (spec § Invoice line), EN 16931 BG-25. */
export const InvoiceLine = {
  term: 'BG-25',
  description: 'Invoice line (EN 16931 BG-25).',
  fields: {
    id: { ...line.id, summary: 'BT-126 line identifier.' },
    description: { ...line.description, summary: 'BT-153 item name.' },
    type: {
      kind: 'string',
      summary: 'Line kind, as the SaaS names it.',
      description: 'Line kind, as the SaaS names it (e.g. "item"); not checked.',
    },
    quantity: { ...line.quantity, summary: 'BT-129 quantity; negative for returns.' },
    unit_amount: { ...line.unit_amount, summary: 'BT-146 net price, minor units.' },
    amount: { ...line.amount, summary: 'BT-131 line net amount, minor units.' },
    taxes: line.taxes,
  },
} as const satisfies ObjectSpec;

/** A credit note line (spec § Credit note): an invoice line without `type`, EN 16931 BG-25. */
export const CreditNoteLine = {
  term: 'BG-25',
  description: 'Credit note line. A `type` field is not part of the shape: if sent, it is stored unread like any unknown field.',
  fields: {
    id: line.id,
    description: line.description,
    quantity: line.quantity,
    unit_amount: { ...line.unit_amount, summary: 'Minor units.' },
    amount: { ...line.amount, summary: 'Line net amount, minor units.' },
    taxes: line.taxes,
  },
} as const satisfies ObjectSpec;
