/**
 * OpenAPI 3.1 description of the `/v1` facade and the platform's `/pa/v1`
 * endpoint, served at `GET /v1/openapi.json`.
 * It describes what the code does (the handlers, `decode.ts`, `problem.ts`);
 * `test/integration/openapi-*.test.ts` check it, and every test reply against it.
 */
import { documentSchemas } from './documents.ts';
import { examples } from './examples.ts';
import { flowCallbackSchemas } from './flow-callbacks.ts';
import { generatedDocumentSchemas } from './generated-documents.ts';
import { listSchemas } from './lists.ts';
import { paths } from './paths.ts';
import { headers, responses } from './responses.ts';
import { replySchemas } from './replies.ts';
import { sellerProfileSchemas } from './seller-profile.ts';
import { paymentSchemas } from './payments.ts';
import { sellerSchemas } from './sellers.ts';
import { directorySchemas } from './directory.ts';
import { eReportSchemas } from './e-reports.ts';
import { webhookSchemas } from './webhooks.ts';

const description = `
Gateway between SaaS billing platforms and an accredited platform (PA) for electronic invoicing.

**A 202 means received, not accepted.** Processing is asynchronous: the gateway answers 202 once the document
passes its conversion checks (\`processing_state\` \`received\`); whether the PA accepts it shows later in
\`lifecycle_status\` (PA codes 200 to 214, and the other codes of the French CDV list such as 501 Irrecevable), which
clients poll with the lookup endpoints.

Two kinds of bearer credential: a tenant token (\`pas_…\`, one per SaaS client) for the /v1 endpoints, and a
platform credential (\`plt_…\`, the accredited platform's) for \`POST /pa/v1/lifecycle-events\`, through which
the PA reports lifecycle statuses, and for \`POST /pa/v1/flow-callbacks\`, its Flow Service webhook callback (which
also takes the credential as a path segment). A valid credential of the other kind is a 403.

- Amounts are JSON integers in the smallest unit of the currency (cents for EUR), within ±(2^53 - 1).
- 400 means the request is malformed (its structure, types or formats, or the Idempotency-Key); every problem is
  listed in \`errors\` by JSON pointer. 422 means a well-formed document breaks a conversion rule: a definitive
  rejection, listed in \`errors\` with the rule id. A rejected document is not resubmitted; send a new one with a
  new number. (For a lifecycle event, 422 likewise names the rule each refused value breaks.)
- Every error body is a problem record (RFC 9457, \`application/problem+json\`) whose \`type\` is a stable URN.
- Instead of polling, register a webhook endpoint (\`/v1/webhook-endpoints\`): the gateway POSTs each
  \`submission.received\`, \`submission.processing_state_changed\` and \`submission.lifecycle_status_added\` event to it,
  and \`e_report.sent\`, \`e_report.accepted\`, \`e_report.rejected\` for e-reports, signed with the Standard Webhooks
  scheme (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`); \`data\` is the submission (or e-report)
  record of the lookups, plus \`new_lifecycle_status\` for a new status. Any 2xx within 10 seconds is a
  success; otherwise the delivery is retried for about three days, with the same \`webhook-id\`.
- Every /v1 and /pa/v1 reply carries \`X-Request-Id\`. An unknown path under /v1 or /pa/v1 is a 404 and a known
  path with another method a 405 with \`Allow\`, both before authentication.
- The bearer token is checked before the body is read, so a request without a valid one is a 401 whatever its body.
  Its kind is checked later, by the operation: see each 403.
`.trim();

/** The OpenAPI document: a plain JSON-serialisable object. */
export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Passerelle',
    version: '1.0.0',
    summary: 'E-invoicing submission gateway: invoices and credit notes to an accredited platform, statuses back.',
    description,
  },
  servers: [{ url: '/' }],
  security: [{ bearerAuth: [] }],
  tags: [
    { name: 'Submissions', description: 'Submit invoices and credit notes.' },
    { name: 'Lookups', description: 'Follow a submission: processing state and PA lifecycle statuses.' },
    {
      name: 'Webhooks',
      description:
        'Endpoints that receive your submission events as signed POSTs (Standard Webhooks), retried for about ' +
        'three days; their deliveries and attempts.',
    },
    {
      name: 'Seller profile',
      description:
        'Who the sellers of your documents are (EN 16931 BG-4): the SaaS document names only the buyer. A tenant invoices for ' +
        'many sellers; the default one serves documents that name none.',
    },
    {
      name: 'E-reporting',
      description:
        'B2C and international B2B sales, and payments, reported per seller and period (flux 10): the reports, their FRR XML, ' +
        'closing a period now (docs/e-reporting.md).',
    },
    {
      name: 'Platform',
      description: 'For the accredited platform (PA) only: report lifecycle statuses, and tell the gateway a flow changed.',
    },
    {
      name: 'Payments',
      description: 'What was cashed on an invoice, and how it is reported (212 Encaissée, payment e-reporting).',
    },
    { name: 'Meta', description: 'This description.' },
  ],
  paths,
  components: {
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'pas_<12 hex>_<43 base64url>',
        description:
          'An API token of the tenant: `Authorization: Bearer <token>`. Missing or refused: 401. A platform ' +
          'credential is refused with 403.',
      },
      platformAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'plt_<12 hex>_<43 base64url>',
        description:
          "The accredited platform's credential: `Authorization: Bearer <token>`. Missing or refused: 401. A tenant " +
          'token is refused with 403.',
      },
    },
    schemas: {
      ...documentSchemas,
      ...replySchemas,
      ...webhookSchemas,
      ...sellerProfileSchemas,
      ...sellerSchemas,
      ...paymentSchemas,
      ...eReportSchemas,
      ...generatedDocumentSchemas,
      ...flowCallbackSchemas,
      ...listSchemas,
      ...directorySchemas,
    },
    responses,
    headers,
    examples,
  },
};
