/**
 * The pipeline's output in the OpenAPI document: `rejection` on the
 * submission record and `GET /v1/{invoices|credit-notes}/{id}/document`
 * (`../handlers/document.ts`).
 */
import { componentSchemas } from '../reply-shapes/kinds.ts';
import { Rejection, RejectionError, ValidationWarning } from '../reply-shapes/submission-record.ts';
import { problemListing, problemOf } from './replies.ts';
import { type Obj, pathParameter, problemResponse, requestIdHeader, responseRef, schemaRef } from './responses.ts';

/** Component schemas: Rejection, RejectionError, ValidationWarning and the 404 of a document not generated yet. */
export const generatedDocumentSchemas: Record<string, Obj> = {
  ...componentSchemas(Rejection, RejectionError, ValidationWarning),
  DocumentNotAvailableProblem: problemOf(
    'documentNotAvailable',
    { required: ['processing_state'], properties: { processing_state: { type: 'string', enum: ['received', 'rejected'] } } },
    '404: the submission exists but has no generated e-invoice: still `received` (being processed, or waiting for the ' +
      'seller profile), or rejected before its e-invoice could be written.',
  ),
  DocumentQueryMalformedProblem: problemListing(
    'malformed',
    schemaRef('ParameterIssue'),
    '400 (document download): `syntax` is neither `ubl` nor `cii`, or is given twice.',
  ),
};

function documentPath(idName: string, what: string, operationId: string, notFoundExample: string): Obj {
  return {
    description: 'Any other method on this path is a 405 (`#/components/responses/MethodNotAllowed`).',
    parameters: [
      pathParameter(idName, `The gateway identifier (\`submission_id\`) of the ${what}; any other value is a 404.`),
      {
        name: 'syntax',
        in: 'query',
        required: false,
        description:
          '`ubl` (UBL 2.1, the default: the syntax the gateway validates and sends to the PA) or `cii` (UN/CEFACT CII D22B, the uncoupled schema the French reform prescribes). Any case.',
        schema: { type: 'string', enum: ['ubl', 'cii', 'UBL', 'CII'], default: 'ubl' },
      },
    ],
    get: {
      operationId,
      tags: ['Lookups'],
      summary: `The generated e-invoice of a ${what}`,
      description:
        `The EN 16931 e-invoice the gateway generated for the ${what}, as stored: the same bytes on every call. Available from ` +
        '`processing_state` `validated` on (and for a document rejected by the official artefacts, so you can see what they refused).',
      responses: {
        200: {
          description: 'The XML document.',
          headers: {
            ...requestIdHeader,
            'Content-Disposition': { description: '`inline; filename="<number>.<syntax>.xml"`.', schema: { type: 'string' } },
          },
          content: { 'application/xml': { schema: { type: 'string' } } },
        },
        400: problemResponse('`syntax` is neither `ubl` nor `cii`, or is given twice.', schemaRef('DocumentQueryMalformedProblem'), []),
        401: responseRef('Unauthorized'),
        403: responseRef('TenantTokenRequired'),
        404: problemResponse(
          `No such ${what} for this tenant (\`not-found\`), or its e-invoice is not generated yet (\`document-not-available\`).`,
          { oneOf: [schemaRef('NotFoundProblem'), schemaRef('DocumentNotAvailableProblem')] },
          [notFoundExample, 'DocumentNotAvailable'],
        ),
        429: responseRef('RateLimited'),
        500: responseRef('InternalError'),
        503: responseRef('ServiceUnavailable'),
      },
    },
  };
}

/** The two `/document` path items. */
export const generatedDocumentPaths: Obj = {
  '/v1/invoices/{invoiceId}/document': documentPath('invoiceId', 'invoice', 'getInvoiceDocument', 'InvoiceNotFound'),
  '/v1/credit-notes/{creditNoteId}/document': documentPath('creditNoteId', 'credit note', 'getCreditNoteDocument', 'CreditNoteNotFound'),
};
