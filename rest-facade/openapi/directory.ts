/**
 * `GET /v1/directory/{siren}` in the OpenAPI document: the entry, the 400/501/503 problems, their examples
 * (`../handlers/directory.ts`; examples in `./directory-examples.ts`; the resolver: src/schema/types/directory.ts).
 */
import { problemListing, problemOf } from './replies.ts';
import { headerRef, jsonObject, pathParameter, problemResponse, tenantResponses, schemaRef, type Obj, jsonResponse } from './responses.ts';

const DirectoryLine = jsonObject(
  'One addressing unit of the SIREN (the SIREN itself, one of its SIRETs, a routing code or a suffix) and its receiving platform.',
  ['addressing_identifier', 'platform', 'status'],
  {
    addressing_identifier: { type: 'string', description: "The line's addressing identifier: BT-49 of an invoice to it, scheme 0225." },
    siret: { type: 'string', description: 'The SIRET of a facility-level line.' },
    routing_code: { type: 'string', description: 'The routing identifier of a routing-code line.' },
    suffix: { type: 'string', description: 'The addressing suffix of a suffix line.' },
    platform: { type: 'string', description: 'The receiving platform type (UNTDID 3035): `WK` a PA, `DFH` the public portal.' },
    status: { type: 'string', description: '`Enabled`, `Disabled` or `Upcoming` (a platform from a future date).' },
  },
);

const DirectoryEntry = jsonObject(
  "What the PA's directory (XP Z12-013 Annex B, Directory Service 1.2.0) says of a SIREN, kept `DIRECTORY_CACHE_TTL_S` " +
    '(24 h by default).',
  ['siren', 'registered', 'lines', 'checked_at'],
  {
    siren: { type: 'string', pattern: '^[0-9]{9}$' },
    registered: {
      type: 'boolean',
      description:
        'At least one `Enabled` line: the company can receive e-invoices. A French company buyer that is not registered is ' +
        'reported (B2C), not e-invoiced.',
    },
    lines: { type: 'array', items: schemaRef('DirectoryLine') },
    checked_at: { type: 'string', format: 'date-time', description: 'When the PA was asked.' },
  },
);

/** The directory's component schemas, by name. */
export const directorySchemas: Record<string, Obj> = {
  DirectoryLine,
  DirectoryEntry,
  DirectoryQueryMalformedProblem: problemListing(
    'malformed',
    schemaRef('ParameterIssue'),
    '400 (directory): `siren` is not 9 digits with a valid Luhn key.',
  ),
  DirectoryNotConfiguredProblem: problemOf('directoryNotConfigured', {}, '501: the gateway has no directory (`PA_DIRECTORY_URL`).'),
};

/** The `/v1/directory/{siren}` path item. */
export const directoryPaths: Obj = {
  '/v1/directory/{siren}': {
    description: 'Any other method on this path is a 405 (`#/components/responses/MethodNotAllowed`).',
    parameters: [pathParameter('siren', 'A SIREN: 9 digits, valid Luhn key.')],
    get: {
      operationId: 'getDirectoryEntry',
      tags: ['Seller profile'],
      summary: "The PA directory's entry for a SIREN",
      description:
        "Whether a company can receive e-invoices, and its addressing identifiers (BT-49), from the PA's Directory Service " +
        '(through a cache: `checked_at` says when it was asked). GraphQL: `directoryEntry(siren)`.',
      responses: {
        200: jsonResponse(
          'The entry (`registered: false` and no lines for a SIREN the directory does not know).',
          schemaRef('DirectoryEntry'),
          ['DirectoryRegistered', 'DirectoryUnregistered'],
        ),
        400: problemResponse('`siren` is malformed.', schemaRef('DirectoryQueryMalformedProblem'), ['DirectoryMalformedSiren']),
        ...tenantResponses,
        501: problemResponse('No directory is configured.', schemaRef('DirectoryNotConfiguredProblem'), ['DirectoryNotConfigured']),
        // Over the tenant 503 of `tenantResponses`: the directory's own cause and example.
        503: problemResponse(
          "The PA's directory (or the database) cannot answer now; retry after `Retry-After` seconds.",
          schemaRef('ServiceUnavailableProblem'),
          ['DirectoryUnavailable', 'ServiceUnavailable'],
          { 'Retry-After': headerRef('Retry-After') },
        ),
      },
    },
  },
};
