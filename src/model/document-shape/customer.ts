/** The customer snapshot, the Buyer (spec § customer_snapshot; EN 16931 BG-7), and its address and tax ids. */
import type { ObjectSpec } from './kinds.ts';

/** What the address's `country` is, its summary and its description alike. */
const COUNTRY = 'ISO 3166-1 alpha-2 (BT-55).';

/** A postal address: the Buyer's (EN 16931 BG-8). */
export const Address = {
  term: 'BG-8',
  description:
    'Postal address. Any `country` field anywhere in the body, in this object or another one, must be an uppercase ' +
    'ISO 3166-1 alpha-2 code, otherwise 422 (rule BR-CL-14).',
  fields: {
    line1: { kind: 'string', term: 'BT-50' },
    postal_code: { kind: 'string', term: 'BT-53' },
    city: { kind: 'string', term: 'BT-52' },
    country: { kind: 'string', required: true, term: 'BT-55', summary: COUNTRY, description: COUNTRY, examples: ['FR'] },
  },
} as const satisfies ObjectSpec;

/** A customer tax identifier; the Buyer's SIREN (BT-47) and VAT number (BT-48) are read from these. */
export const TaxId = {
  description:
    'A customer tax identifier. Checked types (case-insensitive): siren / fr_siren (422 GW-SIREN), siret / fr_siret ' +
    '(422 GW-SIRET), eu_vat / fr_vat / vat (422 BR-CO-09, GW-VAT-FORMAT, GW-VAT-FR-KEY). Other types are stored unchecked.',
  fields: {
    type: {
      kind: 'string',
      required: true,
      summary: 'eu_vat, siren, siret (checked); any other type is kept unchecked.',
      examples: ['eu_vat', 'siren', 'siret'],
    },
    value: { kind: 'string', required: true, examples: ['FR40303265045'] },
  },
} as const satisfies ObjectSpec;

/** Customer data at submission time: the Buyer, EN 16931 BG-7. */
export const CustomerSnapshot = {
  term: 'BG-7',
  description: 'Customer data at submission time: the Buyer (EN 16931 BG-7).',
  fields: {
    id: { kind: 'string', description: 'Customer identifier on the SaaS side.' },
    type: { kind: 'string', description: 'Customer kind, e.g. "company"; not checked.' },
    name: {
      kind: 'string',
      required: true,
      term: 'BT-44',
      summary: 'BT-44 Buyer name.',
      description: 'Buyer name (BT-44).',
    },
    email: { kind: 'string', term: 'BT-58', description: 'Customer e-mail; not checked.' },
    billing_address: { kind: 'object', of: 'Address', required: true },
    tax_ids: {
      kind: 'list',
      of: 'TaxId',
      description: 'Customer tax identifiers; eu_vat, siren and siret values are checked (422).',
    },
  },
} as const satisfies ObjectSpec;
