/**
 * Request body schemas (spec § Invoice, § Credit note, and the platform's
 * lifecycle event of `POST /pa/v1/lifecycle-events`). They describe the
 * structural check of `decode.ts` (a body that fails it gets 400), not the
 * conversion rules (422): a supported currency, a tax rate of 0 to 100 or one
 * tax per line are stated in descriptions, because a body that breaks them is
 * well-formed and gets a 422 with a rule id instead.
 *
 * The invoice and credit note schemas are derived from the document shape
 * (`src/model/document-shape/`), as the GraphQL input types `decode.ts` reads
 * are: fields, required lists, kinds and descriptions; optional fields are
 * nullable because the decoder treats null and absent alike. The lifecycle
 * event is written here; the OpenAPI test compares it with its GraphQL input type.
 */
import { DOCUMENT_SHAPE, fieldsOf, type FieldSpec, type ObjectName } from '../../src/model/document-shape/index.ts';
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

/** The description of a field: the shape's, then the sentence its kind adds (units, bounds, formats, the currency list). */
const describe = (...parts: Array<string | undefined>): { description?: string } => {
  const description = parts.filter((part) => part !== undefined).join(' ');
  return description === '' ? {} : { description };
};

const string = (description?: string): Schema => ({ type: 'string', ...(description && { description }) });

const currencies = [...SUPPORTED_CURRENCIES.keys()];
const currencyList = [...SUPPORTED_CURRENCIES].map(([code, digits]) => `${code} (${digits} decimals)`).join(', ');

const currencyRules =
  `ISO 4217 alpha-3 (BT-5). Supported: ${currencyList}. A code that is not ISO 4217 is a 422 with rule BR-CL-04, ` +
  'an ISO code outside this list a 422 with rule GW-CURRENCY-UNSUPPORTED.';

/** The JSON schema of one field of the document shape, before `nullable` (optional fields). */
function fieldSchema(field: FieldSpec): Schema {
  const schema = kindSchema(field);
  const examples = field.examples ?? (field.kind === 'currency' ? currencies : undefined);
  return examples ? { ...schema, examples: [...examples] } : schema;
}

function kindSchema(field: FieldSpec): Schema {
  const text = field.description;
  switch (field.kind) {
    // An amount (GraphQL SafeInt): a JSON integer in the currency's minor units.
    case 'amount':
      return {
        type: 'integer',
        minimum: -MAX_SAFE,
        maximum: MAX_SAFE,
        ...describe(text, 'Integer in minor units of the currency (cents for EUR, yen for JPY, fils for BHD), within ±(2^53 - 1).'),
      };
    // Keys a unique index (id, number, invoice_id): the `identifier` constraint of `src/schema/constraints.ts`.
    case 'identifier':
      return {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        pattern: '\\S',
        ...describe(text, 'Not blank, at most 255 characters (counted in UTF-16 code units); otherwise 400.'),
      };
    case 'date-time':
      return { type: 'string', format: 'date-time', ...describe(text, 'RFC 3339 date-time with an offset, kept as written.') };
    case 'date':
      return { type: 'string', format: 'date', ...describe(text, 'YYYY-MM-DD.') };
    case 'currency':
      return { type: 'string', ...describe(text, currencyRules) };
    case 'object':
      return ref(field.of!);
    case 'list':
      return { type: 'array', items: ref(field.of!), ...describe(text) };
    case 'string':
    case 'number':
    case 'boolean':
      return { type: field.kind, ...describe(text) };
  }
}

const bodyNote =
  'Unknown fields, at any depth, are accepted and stored with the body exactly as received. ' +
  'An optional field sent as null is treated like an absent one. A missing required field, a null ' +
  'required field or a value of the wrong JSON type or format is a 400 listing every such field by JSON pointer.';

/** The schema of an object of the shape: an open object; the request bodies add what the decoder does with them. */
function objectSchema(name: ObjectName): Schema {
  const { description } = DOCUMENT_SHAPE[name];
  const fields = fieldsOf(name);
  return {
    type: 'object',
    description: name === 'Invoice' || name === 'CreditNote' ? `${description} ${bodyNote}` : description,
    required: fields.filter(([, field]) => field.required).map(([wireName]) => wireName),
    properties: Object.fromEntries(
      fields.map(([wireName, field]) => [wireName, field.required ? fieldSchema(field) : nullable(fieldSchema(field))]),
    ),
    additionalProperties: true,
  };
}

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
  Invoice: objectSchema('Invoice'),
  InvoiceLine: objectSchema('InvoiceLine'),
  CreditNote: objectSchema('CreditNote'),
  CreditNoteLine: objectSchema('CreditNoteLine'),
  Tax: objectSchema('Tax'),
  CustomerSnapshot: objectSchema('CustomerSnapshot'),
  Address: objectSchema('Address'),
  TaxId: objectSchema('TaxId'),
  LifecycleEvent,
};
