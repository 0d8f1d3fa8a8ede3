/**
 * `/v1/sellers` and `/v1/sellers/{siren}` in the OpenAPI document: the seller reply, the list, the 409, their
 * examples (`../handlers/sellers.ts`; the request body is the seller profile's, `./seller-profile.ts`).
 */
import { problemOf } from './replies.ts';
import { sellerProfileRefusals } from './seller-profile.ts';
import { SellerProfile } from './seller-profile.ts';
import {
  json,
  pathParameter,
  problemResponse,
  requestIdHeader,
  schemaRef,
  type Obj,
  tenantResponses,
  pageSchema,
  jsonResponse,
} from './responses.ts';

const Seller: Obj = {
  ...SellerProfile,
  description: 'A seller of the tenant (BG-4): its profile as stored, and whether it is the default seller.',
  required: [...(SellerProfile['required'] as string[]), 'is_default', 'created_at', 'updated_at'],
  properties: {
    ...(SellerProfile['properties'] as Obj),
    is_default: {
      type: 'boolean',
      description: 'The seller of documents that name no `seller_siren` (`PUT /v1/seller-profile` chooses it).',
    },
    created_at: { type: 'string', format: 'date-time', description: 'When the seller was created.' },
    updated_at: { type: 'string', format: 'date-time', description: 'When its profile was last replaced.' },
  },
};

const CreatedSeller: Obj = {
  ...Seller,
  description: `${Seller['description']} \`warnings\` only when there is something to act on.`,
  properties: {
    ...(Seller['properties'] as Obj),
    warnings: {
      type: 'array',
      minItems: 1,
      description:
        'The seller was created, but: `directory-unregistered`, the PA directory has no line for its SIREN (every issuing SIREN ' +
        'must be registered to receive, DSE v3.2 § 3.5). Absent when there is nothing to say, no directory is configured or it cannot be asked.',
      items: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'string', enum: ['directory-unregistered'] }, message: { type: 'string' } },
        additionalProperties: false,
      },
    },
  },
};

const SellerList = pageSchema(schemaRef('Seller'), 'A page of your sellers, in SIREN order.');

/** The seller component schemas, by name. */
export const sellerSchemas: Record<string, Obj> = {
  Seller,
  CreatedSeller,
  SellerList,
  SellerExistsProblem: problemOf(
    'sellerExists',
    {},
    '409: you have a seller with this SIREN already; `PUT /v1/sellers/{siren}` replaces it.',
  ),
};

const body: Obj = {
  required: true,
  description:
    'The seller profile, JSON, UTF-8, at most 1 MiB, with `vat_regime` required. `Content-Type: application/json` or any ' +
    '`application/*+json`; anything else is a 400.',
  content: json(schemaRef('SellerProfileInput'), ['SellerProfileMinimal', 'SellerProfileFull']),
};

const one = (description: string, examples: string[]): Obj => jsonResponse(description, schemaRef('Seller'), examples);
const siren = pathParameter('siren', "The seller's SIREN (9 digits).");
const notFound = problemResponse('No seller with this SIREN for this tenant.', schemaRef('NotFoundProblem'), ['SellerNotFound']);

/** The `/v1/sellers` path items. */
export const sellerPaths: Obj = {
  '/v1/sellers': {
    description: 'Any other method on this path is a 405 (`#/components/responses/MethodNotAllowed`).',
    post: {
      operationId: 'createSeller',
      tags: ['Seller profile'],
      summary: 'Create a seller',
      description:
        'A legal entity you invoice for. Your first seller becomes your default (`GET /v1/seller-profile`); documents name ' +
        'another with `seller_siren`.',
      requestBody: body,
      responses: {
        201: {
          description: 'Created; the seller as stored, with `warnings` when its SIREN has no PA directory line.',
          content: json(schemaRef('CreatedSeller'), ['SellerCreated', 'SellerFull', 'SellerCreatedUnregistered']),
          headers: { ...requestIdHeader, Location: { description: '`/v1/sellers/{siren}`', schema: { type: 'string' } } },
        },
        ...sellerProfileRefusals,
        409: problemResponse('You have a seller with this SIREN already.', schemaRef('SellerExistsProblem'), ['SellerExists']),
        ...tenantResponses,
      },
    },
    get: {
      operationId: 'listSellers',
      tags: ['Seller profile'],
      summary: 'Your sellers',
      description: 'In SIREN order, 20 per page unless `limit` says otherwise (1 to 100); `next_cursor` goes to `after`.',
      parameters: [
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
        { name: 'after', in: 'query', required: false, schema: { type: 'string' } },
      ],
      responses: {
        200: jsonResponse('A page of sellers.', schemaRef('SellerList'), ['SellerPage']),
        400: problemResponse('A paging parameter is malformed.', schemaRef('WebhookQueryMalformedProblem'), ['InvalidLimit']),
        ...tenantResponses,
      },
    },
  },
  '/v1/sellers/{siren}': {
    description: 'Any other method on this path is a 405 (`#/components/responses/MethodNotAllowed`).',
    parameters: [siren],
    get: {
      operationId: 'getSeller',
      tags: ['Seller profile'],
      summary: 'One of your sellers',
      responses: { 200: one('The seller.', ['SellerCreated', 'SellerFull']), 404: notFound, ...tenantResponses },
    },
    put: {
      operationId: 'updateSeller',
      tags: ['Seller profile'],
      summary: 'Replace a seller',
      description: "Replaces the whole profile; its `siren` must be the path's (422 GW-SELLER-SIREN-PATH otherwise).",
      requestBody: body,
      responses: {
        200: one('Replaced; the seller as stored.', ['SellerCreated', 'SellerFull']),
        404: notFound,
        ...sellerProfileRefusals,
        ...tenantResponses,
      },
    },
  },
};
