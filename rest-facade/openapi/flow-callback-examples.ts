/** Examples of `POST /pa/v1/flow-callbacks`: callbacks as a PA sends them (Flow Service 1.1.0) and the gateway's replies. */

import { detailExample, type Example, problem } from './example-values.ts';

const malformed = (errors: Array<{ path: string; message: string }>) => problem('malformed', { errors });

const OUTGOING = {
  flowId: 'b0f4c0b8-2f5e-4a55-9c39-3c2b5f1d9e01',
  submittedAt: '2026-11-24T15:11:31Z',
  trackingId: '01a203fd-8d9e-74ad-9bca-5b1160a39578',
  flowType: 'CustomerInvoice',
  processingRule: 'B2B',
  processingRuleSource: 'Input',
  flowDirection: 'Out',
  flowSyntax: 'UBL',
  flowProfile: 'CIUS',
};

export const flowCallbackRequestExamples: Record<string, Example> = {
  FlowAcknowledged: {
    summary: 'Our invoice flow passed the PA checks',
    value: { flowInfo: { ...OUTGOING, updatedAt: '2026-11-24T15:11:33Z', acknowledgement: { status: 'Ok' } } },
  },
  FlowRefused: {
    summary: 'Our invoice flow failed the PA checks',
    value: {
      flowInfo: {
        ...OUTGOING,
        updatedAt: '2026-11-24T15:11:33Z',
        acknowledgement: {
          status: 'Error',
          details: [
            { level: 'Error', item: 'file', reasonCode: 'ChecksumMismatch', reasonMessage: 'The sha256 of the file does not match' },
          ],
        },
      },
    },
  },
  StatusFlowAvailable: {
    summary: 'A new status (CDAR) flow about one of our invoices',
    value: {
      flowInfo: {
        flowId: 'c7a1e3d2-9b44-4f0e-8d6a-2e5f7b9c1a03',
        submittedAt: '2026-11-24T15:20:02Z',
        updatedAt: '2026-11-24T15:20:02Z',
        flowType: 'CustomerInvoiceLC',
        flowDirection: 'In',
        flowSyntax: 'CDAR',
        acknowledgement: { status: 'Ok' },
      },
    },
  },
};

export const flowCallbackReplyExamples: Record<string, Example> = {
  FlowCallbackReceived: {
    summary: 'Taken: the gateway fetches the flow in the background',
    value: { flowId: 'b0f4c0b8-2f5e-4a55-9c39-3c2b5f1d9e01', received: true },
  },
  FlowCallbackStructureErrors: {
    summary: 'Fields missing or of the wrong JSON type',
    value: malformed([
      { path: '/flowInfo/flowId', message: 'is required' },
      { path: '/flowInfo/updatedAt', message: 'must be an RFC 3339 date-time with an offset, e.g. 2015-01-09T00:00:00Z' },
    ]),
  },
  FlowCallbackInvalidValues: {
    summary: 'Values outside the Flow Service 1.1.0 schema',
    value: malformed([
      { path: '/flowInfo/flowId', message: 'must be 1 to 36 characters, not blank' },
      { path: '/flowInfo/flowDirection', message: 'must be one of In, Out' },
    ]),
  },
  PathTokenInvalid: detailExample(
    'The token in the callback URL is unknown, revoked or malformed',
    'unauthorized',
    'The token in the path is invalid or revoked',
  ),
};
