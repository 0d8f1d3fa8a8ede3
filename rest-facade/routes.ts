/** The `/v1` routes of the spec (§ Endpoints), webhook endpoint management, the platform's `/pa/v1` routes, and their handlers. */
import type { RateLimitKind } from '../src/limits/rate-limits.ts';
import { directoryHandler } from './handlers/directory.ts';
import { documentHandler } from './handlers/document.ts';
import { closeEReportHandler, eReportDocumentHandler, getEReportHandler, listEReportsHandler } from './handlers/e-reports.ts';
import { flowCallbacksHandler } from './handlers/flow-callbacks.ts';
import { lifecycleEventsHandler } from './handlers/lifecycle-events.ts';
import { listHandler } from './handlers/list.ts';
import { recordHandler, statusesHandler } from './handlers/lookup.ts';
import { listPaymentsHandler, recordPaymentHandler } from './handlers/payments.ts';
import { getSellerProfileHandler, putSellerProfileHandler } from './handlers/seller-profile.ts';
import { createSellerHandler, getSellerHandler, listSellersHandler, putSellerHandler } from './handlers/sellers.ts';
import { submitHandler } from './handlers/submit.ts';
import type { RestHandler } from './handlers/types.ts';
import { listWebhookDeliveriesHandler, redeliverWebhookHandler } from './handlers/webhook-deliveries.ts';
import {
  createWebhookEndpointHandler,
  deleteWebhookEndpointHandler,
  getWebhookEndpointHandler,
  listWebhookEndpointsHandler,
  rotateWebhookSecretHandler,
  updateWebhookEndpointHandler,
} from './handlers/webhook-endpoints.ts';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  handler: RestHandler;
  /** The tenant budget a call is charged to (src/limits/rate-limits.ts): `lookups` unless the route says otherwise. */
  budget?: Exclude<RateLimitKind, 'graphql'>;
  /**
   * The path parameter that carries the bearer token instead of the
   * Authorization header, for a PA that can register only a bare callback
   * URL. Such a path is a secret: logs and replies show it through `redactPath`.
   */
  credentialParam?: string;
}

/** Where a credential sits in a path: the segment after this prefix (`POST /pa/v1/flow-callbacks/{token}`). */
const CREDENTIAL_SEGMENT = /^(\/pa\/v1\/flow-callbacks\/)[^/]*/;
/** Anything shaped like a gateway token (`src/domain/tenancy/token.ts`), wherever a client put it. */
const TOKEN_SHAPED = /(?:pas|plt)_[0-9a-fA-F]{12}_[A-Za-z0-9_-]*/g;

/** `path` as logs and problem details may show it: a credential segment, and any token-shaped text, as `[redacted]`. */
export function redactPath(path: string): string {
  return path.replace(CREDENTIAL_SEGMENT, '$1[redacted]').replace(TOKEN_SHAPED, '[redacted]');
}

export const ROUTES: Route[] = [
  { method: 'POST', path: '/v1/invoices', handler: submitHandler('submitInvoice'), budget: 'submissions' },
  { method: 'POST', path: '/v1/credit-notes', handler: submitHandler('submitCreditNote'), budget: 'submissions' },
  { method: 'GET', path: '/v1/invoices', handler: listHandler('INVOICE') },
  { method: 'GET', path: '/v1/credit-notes', handler: listHandler('CREDIT_NOTE') },
  { method: 'GET', path: '/v1/invoices/:id', handler: recordHandler('invoice', 'invoice') },
  { method: 'GET', path: '/v1/invoices/:id/statuses', handler: statusesHandler('invoiceStatuses', 'invoice') },
  { method: 'GET', path: '/v1/invoices/:id/document', handler: documentHandler('invoiceDocument', 'invoice') },
  { method: 'POST', path: '/v1/invoices/:id/payments', handler: recordPaymentHandler },
  { method: 'GET', path: '/v1/invoices/:id/payments', handler: listPaymentsHandler },
  { method: 'GET', path: '/v1/credit-notes/:id', handler: recordHandler('creditNote', 'credit note') },
  { method: 'GET', path: '/v1/credit-notes/:id/statuses', handler: statusesHandler('creditNoteStatuses', 'credit note') },
  { method: 'GET', path: '/v1/credit-notes/:id/document', handler: documentHandler('creditNoteDocument', 'credit note') },
  { method: 'GET', path: '/v1/seller-profile', handler: getSellerProfileHandler },
  { method: 'PUT', path: '/v1/seller-profile', handler: putSellerProfileHandler },
  { method: 'POST', path: '/v1/sellers', handler: createSellerHandler },
  { method: 'GET', path: '/v1/sellers', handler: listSellersHandler },
  { method: 'GET', path: '/v1/sellers/:siren', handler: getSellerHandler },
  { method: 'PUT', path: '/v1/sellers/:siren', handler: putSellerHandler },
  { method: 'GET', path: '/v1/directory/:siren', handler: directoryHandler },
  { method: 'GET', path: '/v1/e-reports', handler: listEReportsHandler },
  { method: 'POST', path: '/v1/e-reports/close', handler: closeEReportHandler },
  { method: 'GET', path: '/v1/e-reports/:id', handler: getEReportHandler },
  { method: 'GET', path: '/v1/e-reports/:id/document', handler: eReportDocumentHandler },
  { method: 'POST', path: '/pa/v1/lifecycle-events', handler: lifecycleEventsHandler },
  { method: 'POST', path: '/pa/v1/flow-callbacks', handler: flowCallbacksHandler },
  { method: 'POST', path: '/pa/v1/flow-callbacks/:token', handler: flowCallbacksHandler, credentialParam: 'token' },
  { method: 'POST', path: '/v1/webhook-endpoints', handler: createWebhookEndpointHandler },
  { method: 'GET', path: '/v1/webhook-endpoints', handler: listWebhookEndpointsHandler },
  { method: 'GET', path: '/v1/webhook-endpoints/:id', handler: getWebhookEndpointHandler },
  { method: 'PATCH', path: '/v1/webhook-endpoints/:id', handler: updateWebhookEndpointHandler },
  { method: 'DELETE', path: '/v1/webhook-endpoints/:id', handler: deleteWebhookEndpointHandler },
  { method: 'POST', path: '/v1/webhook-endpoints/:id/rotate-secret', handler: rotateWebhookSecretHandler },
  { method: 'GET', path: '/v1/webhook-endpoints/:id/deliveries', handler: listWebhookDeliveriesHandler },
  { method: 'POST', path: '/v1/webhook-endpoints/:id/deliveries/:deliveryId/redeliver', handler: redeliverWebhookHandler },
];
