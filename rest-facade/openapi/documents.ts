/**
 * Request body schemas (spec § Invoice, § Credit note, and the platform's
 * lifecycle event of `POST /pa/v1/lifecycle-events`). They describe the
 * structural check of `decode.ts` (a body that fails it gets 400), not the
 * conversion rules (422): a supported currency, a tax rate of 0 to 100 or one
 * tax per line are stated in descriptions, because a body that breaks them is
 * well-formed and gets a 422 with a rule id instead.
 *
 * Required lists are the non-null fields of the GraphQL input types
 * (`src/schema/types/*.ts`); optional fields are nullable because the decoder
 * treats null and absent alike. The OpenAPI test compares both against the
 * schema so they cannot drift.
 */
import { SUPPORTED_CURRENCIES } from '../../src/domain/rules/code-lists.ts';
import { LIFECYCLE_CODE_LIST } from '../../src/domain/lifecycle/codes.ts';

type Schema = Record<string, unknown>;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** An optional field: the decoder accepts `null` and treats it as absent. */
function nullable(schema: Schema): Schema {
  if ('$ref' in schema) return { anyOf: [schema, { type: 'null' }] };
  return { ...schema, type: [schema['type'], 'null'] };
}

/** An amount (GraphQL SafeInt): a JSON integer in the currency's minor units. */
function amount(description: string): Schema {
  return {
    type: 'integer',
    minimum: -MAX_SAFE,
    maximum: MAX_SAFE,
    description:
      `${description} Integer in minor units of the currency (cents for EUR, yen for JPY, fils for BHD), ` + 'within ±(2^53 - 1).',
  };
}

/** Keys a unique index (id, number, invoice_id): the `identifier` constraint of `src/schema/constraints.ts`. */
function identifier(description: string): Schema {
  return {
    type: 'string',
    minLength: 1,
    maxLength: 255,
    pattern: '\\S',
    description: `${description} Not blank, at most 255 characters (counted in UTF-16 code units); otherwise 400.`,
  };
}

const string = (description?: string): Schema => ({ type: 'string', ...(description && { description }) });
const dateTime = (description: string): Schema => ({
  type: 'string',
  format: 'date-time',
  description: `${description} RFC 3339 date-time with an offset, kept as written.`,
});
const date = (description: string): Schema => ({ type: 'string', format: 'date', description: `${description} YYYY-MM-DD.` });

const currencies = [...SUPPORTED_CURRENCIES.keys()];
const currencyList = [...SUPPORTED_CURRENCIES].map(([code, digits]) => `${code} (${digits} decimals)`).join(', ');

const currencyRules =
  `ISO 4217 alpha-3 (BT-5). Supported: ${currencyList}. A code that is not ISO 4217 is a 422 with rule BR-CL-04, ` +
  'an ISO code outside this list a 422 with rule GW-CURRENCY-UNSUPPORTED.';

const Tax: Schema = {
  type: 'object',
  description: 'A tax on a line. At most one per line: a second one is a 422 (rule GW-ONE-TAX-PER-LINE).',
  required: ['percentage', 'amount'],
  properties: {
    name: nullable(string('Tax name, e.g. "VAT S".')),
    percentage: {
      type: 'number',
      description: 'Rate in percent. Outside 0 to 100 inclusive is a 422 (rule GW-TAX-RATE-RANGE).',
      examples: [20],
    },
    inclusive: nullable({ type: 'boolean', description: 'True if the price includes the tax.' }),
    amount: amount('Tax amount.'),
  },
  additionalProperties: true,
};

const lineProperties = (withType: boolean): Schema => ({
  id: string('Line identifier (BT-126).'),
  description: string('Item name (BT-153).'),
  ...(withType && { type: nullable(string('Line kind, as the SaaS names it (e.g. "item"); not checked.')) }),
  quantity: { type: 'number', description: 'Quantity (BT-129); negative for returns.' },
  unit_amount: amount('Net unit price (BT-146).'),
  amount: amount('Line net amount excluding tax (BT-131); may be negative.'),
  taxes: { type: 'array', items: ref('Tax'), description: 'Taxes of the line; at most one (422 GW-ONE-TAX-PER-LINE).' },
});

const lineRequired = ['id', 'description', 'quantity', 'unit_amount', 'amount', 'taxes'];

const InvoiceLine: Schema = {
  type: 'object',
  description: 'Invoice line (EN 16931 BG-25).',
  required: lineRequired,
  properties: lineProperties(true),
  additionalProperties: true,
};

const CreditNoteLine: Schema = {
  type: 'object',
  description: 'Credit note line. A `type` field is not part of the shape: if sent, it is stored unread like any unknown field.',
  required: lineRequired,
  properties: lineProperties(false),
  additionalProperties: true,
};

const Address: Schema = {
  type: 'object',
  description:
    'Postal address. Any `country` field anywhere in the body, in this object or another one, must be an uppercase ' +
    'ISO 3166-1 alpha-2 code, otherwise 422 (rule BR-CL-14).',
  required: ['country'],
  properties: {
    line1: nullable(string()),
    postal_code: nullable(string()),
    city: nullable(string()),
    country: { type: 'string', description: 'ISO 3166-1 alpha-2 (BT-55).', examples: ['FR'] },
  },
  additionalProperties: true,
};

const TaxId: Schema = {
  type: 'object',
  description:
    'A customer tax identifier. Checked types (case-insensitive): siren / fr_siren (422 GW-SIREN), siret / fr_siret ' +
    '(422 GW-SIRET), eu_vat / fr_vat / vat (422 BR-CO-09, GW-VAT-FORMAT, GW-VAT-FR-KEY). Other types are stored unchecked.',
  required: ['type', 'value'],
  properties: {
    type: { type: 'string', examples: ['eu_vat', 'siren', 'siret'] },
    value: { type: 'string', examples: ['FR40303265045'] },
  },
  additionalProperties: true,
};

const CustomerSnapshot: Schema = {
  type: 'object',
  description: 'Customer data at submission time: the Buyer (EN 16931 BG-7).',
  required: ['name', 'billing_address'],
  properties: {
    id: nullable(string('Customer identifier on the SaaS side.')),
    type: nullable(string('Customer kind, e.g. "company"; not checked.')),
    name: string('Buyer name (BT-44).'),
    email: nullable(string('Customer e-mail; not checked.')),
    billing_address: ref('Address'),
    tax_ids: nullable({
      type: 'array',
      items: ref('TaxId'),
      description: 'Customer tax identifiers; eu_vat, siren and siret values are checked (422).',
    }),
  },
  additionalProperties: true,
};

const bodyNote =
  'Unknown fields, at any depth, are accepted and stored with the body exactly as received. ' +
  'An optional field sent as null is treated like an absent one. A missing required field, a null ' +
  'required field or a value of the wrong JSON type or format is a 400 listing every such field by JSON pointer.';

const Invoice: Schema = {
  type: 'object',
  description: `Request body of POST /v1/invoices. ${bodyNote}`,
  required: ['id', 'number', 'created_at', 'currency', 'total_excl_tax', 'tax_total', 'total', 'amount_due', 'lines', 'customer_snapshot'],
  properties: {
    id: identifier('Identifier on the SaaS side; returned as `saas_id`. Duplicate-checked per tenant (409).'),
    number: identifier('Invoice number (BT-1). Duplicate-checked per tenant (409).'),
    status: nullable(string('Status given by the SaaS; not checked.')),
    customer_id: nullable(string('Customer identifier on the SaaS side.')),
    created_at: dateTime('Creation time; its local date is the issue date (BT-2) when `finalized_at` is absent.'),
    finalized_at: nullable(dateTime('Finalization time; its local date is the issue date (BT-2).')),
    due_date: nullable(date('Due date (BT-9).')),
    period_start: nullable(date('Start of the billed period.')),
    period_end: nullable(date('End of the billed period.')),
    currency: { type: 'string', description: currencyRules, examples: currencies },
    subtotal: nullable(amount('Subtotal.')),
    total_excl_tax: amount('Total excluding tax (BT-109).'),
    tax_total: amount('Total tax (BT-110).'),
    total: amount('Total including tax (BT-112).'),
    amount_paid: nullable(amount('Amount already paid (BT-113).')),
    amount_due: amount('Amount still due (BT-115).'),
    lines: { type: 'array', items: ref('InvoiceLine') },
    customer_snapshot: ref('CustomerSnapshot'),
  },
  additionalProperties: true,
};

const CreditNote: Schema = {
  type: 'object',
  description: `Request body of POST /v1/credit-notes. ${bodyNote}`,
  required: ['id', 'number', 'invoice_id', 'created_at', 'total_excl_tax', 'tax_total', 'total', 'lines'],
  properties: {
    id: identifier('Identifier on the SaaS side; returned as `saas_id`. Duplicate-checked per tenant (409).'),
    number: identifier('Credit note number. Duplicate-checked per tenant (409).'),
    invoice_id: identifier(
      'SaaS `id` of an invoice this tenant already submitted; it supplies the preceding invoice number (BT-25) and ' +
        'date (BT-26). Unknown: 422 at `/invoice_id` (rule GW-ORIGIN-INVOICE-UNKNOWN).',
    ),
    reason: nullable(string('Reason for the credit note.')),
    status: nullable(string('Status given by the SaaS; not checked.')),
    currency: nullable({
      type: 'string',
      description: `Optional in shape, but absent or null is a 422 (rule BR-05). ${currencyRules}`,
      examples: currencies,
    }),
    created_at: dateTime('Creation time.'),
    total_excl_tax: amount('Total excluding tax.'),
    tax_total: amount('Total tax.'),
    total: amount('Total including tax.'),
    lines: { type: 'array', items: ref('CreditNoteLine') },
  },
  additionalProperties: true,
};

const LifecycleEvent: Schema = {
  type: 'object',
  description:
    'Request body of POST /pa/v1/lifecycle-events: one lifecycle status of a submission, reported by the PA. ' +
    'Unknown fields are ignored; an optional field sent as null is treated like an absent one. A missing or null ' +
    'required field, or a value of the wrong JSON type, is a 400 listing every such field by JSON pointer. The ' +
    'values are checked next, each failure a 422 naming its rule: `code`, `occurred_at` and `event_id` together ' +
    '(with `submission_id` when it is not a UUID at all); a well-formed `submission_id` unknown to the gateway, ' +
    'then an `event_id` already used for another submission, once those pass.',
  required: ['submission_id', 'code', 'occurred_at', 'event_id'],
  properties: {
    submission_id: {
      type: 'string',
      description:
        'The gateway identifier (`submission_id`) of the invoice or credit note, of any tenant. Unknown: 422 at ' +
        '`/submission_id` (rule GW-SUBMISSION-UNKNOWN); so is a JSON integer, which the structural check lets ' +
        'through as an identifier.',
      examples: ['01a203fd-8d9e-74ad-9bca-5b1160a39578'],
    },
    code: {
      type: 'integer',
      minimum: -2147483648,
      maximum: 2147483647,
      description:
        'PA lifecycle code. A JSON integer (a 32-bit one; anything else is a 400); a code outside the French CDV ' +
        `list (${LIFECYCLE_CODE_LIST}) is a 422 (rule GW-LIFECYCLE-CODE). 213 Rejetée and 501 Irrecevable move ` +
        'the submission to processing_state `rejected`.',
      examples: [213],
    },
    occurred_at: {
      type: 'string',
      description:
        'Time of the status: an RFC 3339 date-time with an offset (`Z` or ±hh:mm), otherwise a 422 (rule ' +
        'GW-DATE-TIME). Stored to the millisecond; replies give it in UTC. The history is ordered by it.',
      examples: ['2015-01-09T11:16:03+01:00'],
    },
    reason: nullable(
      string(
        'Reason, expected for 210 Refusée, 213 Rejetée and 501 Irrecevable: without one (absent, null or empty) ' +
          'they are recorded but flagged REASON_MISSING.',
      ),
    ),
    reason_code: nullable(string("The PA's code for the reason.")),
    event_id: {
      type: 'string',
      description:
        "The PA's identifier of this event, unique across all submissions. 1 to 255 characters (UTF-16 code " +
        'units), not blank, otherwise a 422 (rule GW-EVENT-ID). The same `event_id` again for the same submission ' +
        'records nothing and answers 200 with the entry recorded the first time, even if `code`, `occurred_at` or ' +
        'the reason differ; for another submission it is a 422 (rule GW-EVENT-ID-REUSED).',
      examples: ['pa-evt-000173'],
    },
  },
  additionalProperties: true,
};

/** The request body component schemas, by name. */
export const documentSchemas: Record<string, Schema> = {
  Invoice,
  InvoiceLine,
  CreditNote,
  CreditNoteLine,
  Tax,
  CustomerSnapshot,
  Address,
  TaxId,
  LifecycleEvent,
};
