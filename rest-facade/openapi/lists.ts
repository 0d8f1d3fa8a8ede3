/**
 * `GET /v1/invoices` and `GET /v1/credit-notes` in the OpenAPI document: the
 * lists beside the spec's by-id paths, by number above all (`../handlers/list.ts`).
 */
import { problemListing } from './replies.ts';
import { type Obj, problemResponse, schemaRef, pageSchema, tenantResponses, jsonResponse } from './responses.ts';

const SubmissionPage = pageSchema(schemaRef('SubmissionRecord'), 'Newest first.', {
  nextCursor: 'Present when more documents match: pass it as `after` for the next page.',
});

/** Component schemas of the lists. */
export const listSchemas: Record<string, Obj> = {
  SubmissionPage,
  ListQueryMalformedProblem: problemListing(
    'malformed',
    schemaRef('ParameterIssue'),
    '400 (lists): an invalid query parameter, named in `errors`.',
  ),
};

const query = (name: string, description: string, schema: Obj): Obj => ({ name, in: 'query', required: false, description, schema });

/** The GET operation of a list of `kind` (`invoice`, `credit note`). */
export function listOperation(operationId: string, kind: string): Obj {
  return {
    operationId,
    tags: ['Lookups'],
    summary: `Find ${kind}s, by number above all`,
    description:
      `The tenant's ${kind}s, newest first, that match every parameter given (each at most once; an empty value counts ` +
      'as absent; an invalid one is a 400 before anything else). Not in the interface spec, which documents no listing: ' +
      `this is how an integrator finds a ${kind} by its number. A number is unique per ${kind} and seller, so ` +
      '`?number=` answers at most one (a list all the same, so that absence is an empty list, not an error). ' +
      'GraphQL: `submissions(filter:)` and `submissionByNumber`.',
    parameters: [
      query('number', 'BT-1 exactly (case-sensitive).', { type: 'string', maxLength: 255 }),
      query(
        'seller_siren',
        "The issuing seller's SIREN (BT-30). A tenant has one seller today, its seller profile: its SIREN keeps every document, another none.",
        { type: 'string', pattern: '^[0-9]{9}$' },
      ),
      query('processing_state', 'The current processing state.', { type: 'string', enum: ['received', 'validated', 'sent', 'rejected'] }),
      query('limit', 'Page size, 1 to 100 (default 20).', { type: 'integer', minimum: 1, maximum: 100, default: 20 }),
      query('after', 'The `next_cursor` of the previous page; anything else is a 400.', { type: 'string' }),
    ],
    responses: {
      200: jsonResponse('A page of submission records.', schemaRef('SubmissionPage'), ['InvoiceByNumber', 'NoSuchNumber']),
      400: problemResponse('An invalid query parameter.', schemaRef('ListQueryMalformedProblem'), ['InvalidSellerSiren']),
      ...tenantResponses,
    },
  };
}
