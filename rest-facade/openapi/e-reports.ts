/**
 * `/v1/e-reports` in the OpenAPI document (docs/e-reporting.md; handlers: `../handlers/e-reports.ts`): the
 * e-report reply, the list, closing a period, the FRR document.
 */
import { problemListing } from './replies.ts';
import { json, problemResponse, requestIdHeader, schemaRef, type Obj, tenantResponses, pageSchema, jsonResponse } from './responses.ts';

const str = (description: string): Obj => ({ type: 'string', description });
const int = (description: string): Obj => ({ type: 'integer', description });
const nullable = (schema: Obj): Obj => ({ ...schema, type: [schema['type'] as string, 'null'] });

const Rate: Obj = {
  type: 'object',
  required: ['percent', 'taxable_amount'],
  properties: {
    percent: { type: 'number', description: 'VAT rate, percent.' },
    currency: str('Payments: the currency cashed.'),
    taxable_amount: int('Taxable amount (TT-87), or the cashed amount for payments; minor units.'),
    tax_amount: int('VAT (TT-88), minor units.'),
  },
};

const EReport: Obj = {
  type: 'object',
  description: 'One e-reporting transmission (flux 10) of a seller, period and kind.',
  required: ['id', 'seller_siren', 'kind', 'period', 'type', 'state', 'deadline', 'findings', 'check_errors', 'statuses'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    seller_siren: str('The declarant (TT-13).'),
    kind: { type: 'string', enum: ['transactions', 'payments'], description: 'transactions: 10.1 and 10.3; payments: 10.2 and 10.4.' },
    period: str('`2026-09-D1` (décade), `2026-09` (month) or `2026-B5` (bimester), from the seller’s `vat_regime`.'),
    period_start: { type: 'string', format: 'date' },
    period_end: { type: 'string', format: 'date' },
    deadline: { type: 'string', format: 'date', description: 'The platform’s deadline (DSE v3.2 Tableau 13).' },
    portal_deadline: { type: 'string', format: 'date-time' },
    type: { type: 'string', enum: ['IN', 'RE'], description: 'IN initial; RE rectificative, replacing the whole period.' },
    state: { type: 'string', enum: ['open', 'closed', 'invalid', 'sent', 'accepted', 'rejected'] },
    sequence: int('1 for the first transmission of the period, then 2, 3…'),
    transmission_id: str('TT-1.'),
    close_at: { type: 'string', format: 'date-time', description: 'When it closes by itself: period end + EREPORTING_CLOSE_DELAY.' },
    created_at: { type: 'string', format: 'date-time' },
    closed_at: nullable({ type: 'string', format: 'date-time' }),
    sent_at: nullable({ type: 'string', format: 'date-time' }),
    flow_id: nullable(str('The PA’s flowId.')),
    totals: {
      type: ['object', 'null'],
      properties: {
        invoice_count: int('10.1 invoices or 10.2 cashings.'),
        entry_count: int('10.3 entries or 10.4 days.'),
        categories: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              category: { type: 'string', enum: ['TLB1', 'TPS1', 'TNT1', 'TMA1'] },
              currency: str('ISO 4217.'),
              count: int('TT-85.'),
              tax_exclusive_amount: int('TT-82, minor units.'),
              tax_amount_eur: int('TT-83, euro cents.'),
              rates: { type: 'array', items: Rate },
            },
          },
        },
        payments: { type: 'array', items: Rate },
      },
    },
    findings: {
      type: 'array',
      description: 'Portal limitations met, choices made for want of data; never a truncation.',
      items: {
        type: 'object',
        properties: {
          code: str('portal_limitation, mixed_lines_as_services, payment_not_in_euro.'),
          rule: str('Annexe 7 rule.'),
          term: str('Flux 10 term.'),
          message: str(''),
          document: nullable(str('BT-1 concerned.')),
          until: nullable(str('Last day a limitation holds.')),
        },
      },
    },
    check_errors: {
      type: 'array',
      description: 'Failures of the flux 10 XSD and F10 schematron: the report is invalid and not sent.',
      items: { type: 'object', properties: { rule: str(''), message: str(''), location: nullable(str('XPath.')) } },
    },
    statuses: {
      type: 'array',
      description: 'The portal’s answers through the PA: 300 Déposée, 301 Rejetée with reasons (code null: the PA refused the flow).',
      items: {
        type: 'object',
        properties: {
          code: { type: ['integer', 'null'] },
          label: str(''),
          reason_code: nullable(str('')),
          reason: nullable(str('')),
          occurred_at: { type: 'string', format: 'date-time' },
        },
      },
    },
    submission_ids: {
      type: 'array',
      items: { type: 'string', format: 'uuid' },
      description: 'The submissions it covers (one report only).',
    },
    payment_ids: {
      type: 'array',
      items: { type: 'string' },
      description:
        'A payments report (one report only): your ids of the payments it covers, by cashing date; while open, those of its period so far.',
    },
  },
};

const EReportList = pageSchema(schemaRef('EReport'), 'A page of your e-reports, newest first.', { open: true });

const CloseEReportInput: Obj = {
  type: 'object',
  required: ['seller_siren', 'period', 'kind'],
  properties: {
    seller_siren: str('One of your sellers.'),
    period: str('A period of the seller’s `vat_regime` that has ended.'),
    kind: { type: 'string', enum: ['transactions', 'payments'] },
  },
};

/** The e-report component schemas, by name. */
export const eReportSchemas: Record<string, Obj> = {
  EReport,
  EReportList,
  CloseEReportInput,
  EReportCloseProblem: problemListing(
    'invalid',
    {
      type: 'object',
      required: ['path', 'rule', 'message'],
      properties: {
        path: { type: 'string', enum: ['/seller_siren', '/period', '/kind'], description: 'JSON pointer into the request body.' },
        rule: { type: 'string', enum: ['GW-EREPORT-SELLER', 'GW-EREPORT-PERIOD', 'GW-EREPORT-PERIOD-OPEN', 'GW-EREPORT-KIND'] },
        message: { type: 'string' },
      },
      additionalProperties: false,
    },
    '422 (close): an unknown seller, a period that is not one of its `vat_regime`, or one that has not ended.',
  ),
};

const one = (description: string): Obj => jsonResponse(description, schemaRef('EReport'));
const notFound = problemResponse('No such e-report for this tenant.', schemaRef('NotFoundProblem'), []);
const id: Obj = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const query = (name: string, description: string): Obj => ({ name, in: 'query', required: false, description, schema: { type: 'string' } });

/** The `/v1/e-reports` path items. */
export const eReportPaths: Obj = {
  '/v1/e-reports': {
    get: {
      operationId: 'listEReports',
      tags: ['E-reporting'],
      summary: 'Your e-reports',
      description: 'Newest first, 20 per page unless `limit` says otherwise (1 to 100); `next_cursor` goes to `after`.',
      parameters: [
        query('seller_siren', 'Only this seller’s.'),
        query('period', 'Only this period (`2026-09-D1`, `2026-09`, `2026-B5`).'),
        query('kind', '`transactions` or `payments`.'),
        query('state', 'open, closed, invalid, sent, accepted or rejected.'),
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
        { name: 'after', in: 'query', required: false, schema: { type: 'string' } },
      ],
      responses: {
        200: jsonResponse('A page of e-reports.', schemaRef('EReportList')),
        400: problemResponse('A paging parameter is malformed.', schemaRef('WebhookQueryMalformedProblem'), []),
        ...tenantResponses,
      },
    },
  },
  '/v1/e-reports/close': {
    post: {
      operationId: 'closeEReport',
      tags: ['E-reporting'],
      summary: 'Close a period now',
      description:
        'Closes the seller’s open report of an ended period at once (it closes by itself EREPORTING_CLOSE_DELAY after the period ' +
        'ends): builds the FRR XML, checks it with the flux 10 XSD and F10 schematron, and queues the send when it passes.',
      requestBody: { required: true, content: json(schemaRef('CloseEReportInput'), []) },
      responses: {
        200: one('The period’s report: closed (or invalid) now, or as it stood when no longer open.'),
        400: problemResponse('Malformed body.', schemaRef('MalformedProblem'), []),
        404: problemResponse('Nothing to report for the period.', schemaRef('NotFoundProblem'), []),
        422: problemResponse(
          'Refused: unknown seller, not a period of its regime, or not ended (`errors[].path`).',
          schemaRef('EReportCloseProblem'),
          [],
        ),
        ...tenantResponses,
      },
    },
  },
  '/v1/e-reports/{id}': {
    parameters: [id],
    get: {
      operationId: 'getEReport',
      tags: ['E-reporting'],
      summary: 'One e-report',
      responses: { 200: one('The report, with the submissions it covers.'), 404: notFound, ...tenantResponses },
    },
  },
  '/v1/e-reports/{id}/document': {
    parameters: [id],
    get: {
      operationId: 'getEReportDocument',
      tags: ['E-reporting'],
      summary: 'Its FRR XML',
      responses: {
        200: {
          description: 'The flux 10 `Report`.',
          headers: requestIdHeader,
          content: { 'application/xml': { schema: { type: 'string' } } },
        },
        404: notFound,
        ...tenantResponses,
      },
    },
  },
};
