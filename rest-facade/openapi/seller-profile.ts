/**
 * `GET` and `PUT /v1/seller-profile` in the OpenAPI document: the path, the
 * request and reply schemas, the 400 and 422 problems
 * (`../handlers/seller-profile.ts`, `src/domain/sellers/seller-checks.ts`).
 */
import { BILLING_FRAMEWORKS } from '../../src/domain/sellers/seller-checks.ts';
import { rulesFor } from '../../src/model/rule-catalogue.ts';
import { VAT_REGIMES } from '../../src/model/seller-profile.ts';
import { problemListing, REFUSED, ruleErrorSchema } from './replies.ts';
import { json, jsonObject, problemResponse, schemaRef, type Obj, tenantResponses, jsonResponse } from './responses.ts';

const rules = rulesFor('seller-profile', 'seller-request');
const text = (description: string): Obj => ({ type: 'string', description });
const nullableText = (description: string): Obj => ({ type: ['string', 'null'], description });

const ADDRESS_FIELDS: Obj = {
  line1: text('BT-35 Address line 1.'),
  line2: nullableText('BT-36 Address line 2.'),
  postal_code: text('BT-38 Post code.'),
  city: text('BT-37 City.'),
  country: text('BT-40 Country, ISO 3166-1 alpha-2 in capitals (BR-CL-14).'),
};

const NOTE_FIELDS: Obj = {
  pmt: text('#PMT# note: the fixed recovery indemnity (BR-FR-05/06).'),
  pmd: text('#PMD# note: the late-payment penalties (BR-FR-05/06).'),
  aab: text('#AAB# note: the early-payment discount terms (BR-FR-05/06).'),
};

const FIELDS: Obj = {
  name: text('BT-27 Seller name.'),
  trading_name: nullableText('BT-28 Seller trading name.'),
  siren: text('BT-30 Seller legal registration identifier, scheme 0002: the SIREN, 9 digits with a valid Luhn key (BR-FR-10).'),
  siret: nullableText('SIRET of the establishment: 14 digits, valid key, starting with the SIREN (BR-FR-09).'),
  vat_number: nullableText('BT-31 Seller VAT identifier: EU format (BR-CO-09); a French number is FR + key + the SIREN.'),
  email: nullableText('BT-43 Seller contact e-mail.'),
  iban: nullableText('BT-84 Payment account identifier: an IBAN (check digits verified); stored without spaces, in capitals.'),
  bic: nullableText('BT-86 Payment service provider identifier: a BIC (8 or 11 characters); stored in capitals.'),
  billing_framework: text(
    'Default BT-23 billing framework (cadre de facturation, BR-FR-08): B goods, S services, M mixed; 1 normal, 2 already paid ' +
      '(then every invoice needs amount_paid = total, BR-FR-CO-09), 4 final after a down payment, 7 VAT already collected. ' +
      `One of ${BILLING_FRAMEWORKS.join(' ')} (the multi-vendor 8 and 9 need GROUP lines the gateway does not write). Default S1.`,
  ),
  vat_regime: {
    type: 'string',
    enum: [...VAT_REGIMES],
    description:
      'VAT regime (DSE v3.2 § 3.7.7, Tableau 13), which sets the e-reporting periods: normal_monthly (réel normal, monthly ' +
      'returns), normal_quarterly, simplified (régime simplifié), franchise (franchise en base: the only one without a VAT number).',
  },
  vat_on_debits: {
    type: 'boolean',
    description:
      'Option for paying VAT on debits ("d\'après les débits"): every invoice carries BT-8 (3 in UBL, 5 in CII, Annexe 7 G1.43) ' +
      'and its mention, and no payment data are owed (DSE v3.2 § 2.3.2).',
  },
};

const SellerProfileInput = jsonObject(
  'The whole seller profile (a PUT replaces it). Left out or null, an optional field takes its default: electronic address ' +
    'scheme 0225 with the SIREN, billing framework S1, each legal note its French text. Unknown fields are ignored.',
  ['name', 'siren', 'address'],
  {
    ...FIELDS,
    name: { type: 'string', description: 'BT-27 Seller name (not blank).' },
    siren: { type: 'string', description: (FIELDS['siren'] as Obj)['description'] },
    address: {
      type: 'object',
      description: 'BG-5 Seller postal address.',
      required: ['line1', 'postal_code', 'city', 'country'],
      properties: ADDRESS_FIELDS,
      additionalProperties: true,
    },
    electronic_address: {
      type: ['object', 'null'],
      description:
        'BT-34 Seller electronic address. Absent: scheme 0225 with the SIREN. `scheme` is an EAS code (BR-CL-25; e.g. 0225 French ' +
        'addressing identifier, 0002 SIREN, 0009 SIRET, EM e-mail, 9957 French VAT), default 0225; the value has at most 125 ' +
        'characters (BR-FR-25), only letters, digits, + - _ . with 0225 (BR-FR-23), and is a SIREN, SIRET or e-mail address with ' +
        '0002, 0009 or EM.',
      required: ['value'],
      properties: { scheme: nullableText('EAS code; default 0225.'), value: text('The address.') },
      additionalProperties: true,
    },
    billing_framework: { ...(FIELDS['billing_framework'] as Obj), type: ['string', 'null'] },
    vat_regime: {
      type: ['string', 'null'],
      description: `${(FIELDS['vat_regime'] as Obj)['description']} Required on POST /v1/sellers and PUT /v1/sellers/{siren}; left out on PUT /v1/seller-profile: normal_monthly.`,
    },
    vat_on_debits: { type: ['boolean', 'null'], description: `${(FIELDS['vat_on_debits'] as Obj)['description']} Default false.` },
    legal_notes: {
      type: ['object', 'null'],
      description: 'The BR-FR-05/06 notes; each one left out takes its French default (shown in the reply).',
      properties: {
        pmt: { ...(NOTE_FIELDS['pmt'] as Obj), type: ['string', 'null'] },
        pmd: { ...(NOTE_FIELDS['pmd'] as Obj), type: ['string', 'null'] },
        aab: { ...(NOTE_FIELDS['aab'] as Obj), type: ['string', 'null'] },
      },
      additionalProperties: true,
    },
  },
  { additionalProperties: true },
);

export const SellerProfile: Obj = {
  type: 'object',
  description: 'The seller (BG-4) of the tenant’s documents, as stored: complete, every default filled in, absent values null.',
  required: [...Object.keys(FIELDS), 'address', 'electronic_address', 'legal_notes'],
  properties: {
    ...FIELDS,
    address: {
      type: 'object',
      description: 'BG-5 Seller postal address.',
      required: Object.keys(ADDRESS_FIELDS),
      properties: ADDRESS_FIELDS,
      additionalProperties: false,
    },
    electronic_address: {
      type: 'object',
      description: 'BT-34 Seller electronic address and its EAS scheme.',
      required: ['scheme', 'value'],
      properties: { scheme: text('EAS code, e.g. 0225.'), value: text('The address.') },
      additionalProperties: false,
    },
    legal_notes: {
      type: 'object',
      description: 'The notes every invoice carries (BR-FR-05/06).',
      required: ['pmt', 'pmd', 'aab'],
      properties: NOTE_FIELDS,
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

const SellerProfileValidationError = ruleErrorSchema(
  'One refused value of a seller profile.',
  {
    type: 'string',
    pattern:
      '^/(name|trading_name|siren|siret|vat_number|email|iban|bic|billing_framework|address/(line1|line2|postal_code|city|country)|' +
      'electronic_address/(scheme|value)|legal_notes/(pmt|pmd|aab)|vat_regime)$',
    description: 'JSON pointer (RFC 6901) into the request body.',
    examples: ['/siren', '/address/country'],
  },
  rules,
  REFUSED,
);

/** The 400, 413 and 422 of a request whose body is a seller profile (`PUT /v1/seller-profile`, `/v1/sellers`). */
export const sellerProfileRefusals: Obj = {
  400: problemResponse('Malformed request: Content-Type or body.', schemaRef('SellerProfileMalformedProblem'), [
    'WrongContentType',
    'InvalidJson',
    'SellerProfileStructureErrors',
  ]),
  413: problemResponse('The body exceeds 1 MiB; the connection is closed.', schemaRef('PayloadTooLargeProblem'), ['PayloadTooLarge']),
  422: problemResponse(
    'Refused values; nothing changed. `errors` lists each one with its rule.',
    schemaRef('SellerProfileValidationProblem'),
    ['SellerProfileRefused'],
  ),
};

/** The seller profile component schemas, by name. */
export const sellerProfileSchemas: Record<string, Obj> = {
  SellerProfileInput,
  SellerProfile,
  SellerProfileValidationError,
  SellerProfileMalformedProblem: problemListing(
    'malformed',
    schemaRef('BodyIssue'),
    '400 (seller profile): wrong Content-Type, a body that is not UTF-8 JSON or does not match its Content-Length (no ' +
      '`errors`); otherwise `errors` lists every structural problem of the body (a required field missing or null, a field of ' +
      'the wrong JSON type).',
    false,
  ),
  SellerProfileValidationProblem: problemListing(
    'invalid',
    schemaRef('SellerProfileValidationError'),
    '422 (seller profile): refused values, every one listed with its rule; the stored profile is unchanged. The type and ' +
      'title are those of every 422 of the gateway.',
  ),
};

const stored = (description: string, examples: string[]): Obj => jsonResponse(description, schemaRef('SellerProfile'), examples);

/** The `/v1/seller-profile` path item. */
export const sellerProfilePaths: Obj = {
  '/v1/seller-profile': {
    description: 'Any other method on this path is a 405 (`#/components/responses/MethodNotAllowed`).',
    get: {
      operationId: 'getSellerProfile',
      tags: ['Seller profile'],
      summary: 'Your default seller',
      description:
        'The default seller (BG-4): the one the gateway writes on your documents that name no `seller_siren`, as stored. A tenant only ever sees its own.',
      responses: {
        200: stored('The profile, complete.', ['SellerProfileStoredMinimal', 'SellerProfileStoredFull']),
        404: problemResponse('No profile is set yet.', schemaRef('NotFoundProblem'), ['SellerProfileNotSet']),
        ...tenantResponses,
      },
    },
    put: {
      operationId: 'setSellerProfile',
      tags: ['Seller profile'],
      summary: 'Set your default seller',
      description:
        'Creates or replaces the seller `siren` of the body and makes it your default seller (a previous default stays one of ' +
        'your sellers). Defaults are filled in and the stored profile is returned. Documents waiting in `received` for a ' +
        'seller then go on.',
      requestBody: {
        required: true,
        description:
          'JSON, UTF-8, at most 1 MiB. `Content-Type: application/json` or any `application/*+json`, with no charset other than ' +
          'UTF-8; anything else is a 400.',
        content: json(schemaRef('SellerProfileInput'), ['SellerProfileMinimal', 'SellerProfileFull']),
      },
      responses: {
        200: stored('Stored; the profile as stored (defaults filled in).', ['SellerProfileStoredMinimal', 'SellerProfileStoredFull']),
        ...sellerProfileRefusals,
        ...tenantResponses,
      },
    },
  },
};
