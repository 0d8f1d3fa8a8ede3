/**
 * `/v1/e-reports` (docs/e-reporting.md, docs/api-guide.md): `GET` lists a tenant's e-reports (filters
 * `seller_siren`, `period`, `kind`, `state`; cursor paging), `GET /{id}` one with the submissions it covers,
 * `GET /{id}/document` its FRR XML, `POST /close` closes a period now (422 with a pointer for a period not
 * ended). Thin adapters over the `eReports`, `eReport`, `eReportDocument` and `closeEReport` operations (their
 * resolvers: src/schema/types/e-report.ts).
 */
import type { ResultOf } from '../../src/graphql/tada.ts';
import { isJsonContentType, readJsonBody } from '../body.ts';
import { OPERATIONS } from '../operations.ts';
import { sendJson, sendProblem } from '../problem.ts';
import { readPage, sendPage } from './page.ts';
import { type RestHandler, resultOf } from './types.ts';

type EReportFields = NonNullable<ResultOf<typeof OPERATIONS.eReports>['result']>['edges'][number]['node'];

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Deep camelCase → snake_case of a GraphQL record. */
function snakeCase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCase);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [snake(key), snakeCase(item)]));
  }
  return value;
}

/** An e-report as REST shows it: the GraphQL record in snake_case. */
export function eReportRecord(
  report: EReportFields & { submissionIds?: readonly string[]; paymentIds?: readonly string[] },
): Record<string, unknown> {
  return snakeCase(report) as Record<string, unknown>;
}

const notFound = (id: string | undefined) => `No e-report with id "${(id ?? '').slice(0, 80)}" under this tenant`;
const FILTERS = { seller_siren: 'sellerSiren', period: 'period', kind: 'kind', state: 'state' } as const;

/** `GET /v1/e-reports`: `{ data: [e-report…], next_cursor? }`, newest first. */
export const listEReportsHandler: RestHandler = async ({ req, res, context, run }) => {
  const page = readPage(req, res);
  if (!page) return;
  const query = new URL(req.url ?? '/', 'http://gateway.invalid').searchParams;
  const filters = Object.fromEntries(
    Object.entries(FILTERS).flatMap(([wire, name]) => (query.get(wire) ? [[name, query.get(wire)!.slice(0, 40)]] : [])),
  );
  const connection = await resultOf(run, OPERATIONS.eReports, { ...page, ...filters }, context);
  return sendPage(res, connection, eReportRecord);
};

/** `GET /v1/e-reports/{id}`: 200 with the report and `submission_ids`; 404 unless one of the tenant's. */
export const getEReportHandler: RestHandler = async ({ res, params, context, run }) => {
  const report = await resultOf(run, OPERATIONS.eReport, { id: params.id ?? '' }, context);
  if (!report) return sendProblem(res, 'notFound', { detail: notFound(params.id) });
  return sendJson(res, 200, eReportRecord(report));
};

/** `GET /v1/e-reports/{id}/document`: the FRR XML (`application/xml`); 404 before the report is closed. */
export const eReportDocumentHandler: RestHandler = async ({ res, params, context, run }) => {
  const report = await resultOf(run, OPERATIONS.eReportDocument, { id: params.id ?? '' }, context);
  if (!report) return sendProblem(res, 'notFound', { detail: notFound(params.id) });
  if (report.document === null) {
    return sendProblem(res, 'documentNotAvailable', { detail: `The e-report is ${report.state}: its document is written when it closes` });
  }
  res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' });
  res.end(report.document);
};

/** `POST /v1/e-reports/close` `{ seller_siren, period, kind }`: 200 with the period's report; 422 (pointer) when refused. */
export const closeEReportHandler: RestHandler = async ({ req, res, context, run }) => {
  if (!isJsonContentType(req.headers['content-type'])) {
    return sendProblem(res, 'malformed', { detail: 'The body must be application/json' });
  }
  const body = await readJsonBody(req);
  if (!body.ok) return sendProblem(res, body.problem, { detail: body.detail });
  const json = body.json as Record<string, unknown> | null;
  const missing = ['seller_siren', 'period', 'kind'].filter((key) => typeof json?.[key] !== 'string');
  if (!json || typeof json !== 'object' || missing.length > 0) {
    const errors = missing.map((key) => ({ path: `/${key}`, message: 'is required (a string)' }));
    return sendProblem(res, 'malformed', { detail: `Missing or not a string: ${missing.join(', ')}`, errors });
  }
  const variables = { sellerSiren: json['seller_siren'] as string, period: json['period'] as string, kind: json['kind'] as string };
  const result = await resultOf(run, OPERATIONS.closeEReport, variables, context);
  switch (result.__typename) {
    case 'ValidationFailed':
      return sendProblem(res, 'invalid', { detail: result.message, errors: result.issues });
    case 'NotFound':
      return sendProblem(res, 'notFound', { detail: `Nothing to report for ${variables.period}: no e-report was opened for it` });
    case 'EReportClosed':
      return sendJson(res, 200, eReportRecord(result.report));
  }
};
