/** Examples of the lists' replies (`./lists.ts`), validated against their schemas by the OpenAPI test. */
import { errorsExample, type Example } from './example-values.ts';

const record = {
  submission_id: '01a203fd-8d9e-74ad-9bca-5b1160a39578',
  saas_id: 'inv_2026_11_0042',
  number: 'FA-2026-11-0042',
  processing_state: 'sent',
  lifecycle_status: { code: 202, label: 'Reçue', final: false, occurred_at: '2026-11-24T15:20:02.000Z' },
  created_at: '2026-11-24T15:11:30.787Z',
};

/** Examples of the lists' replies. */
export const listExamples: Record<string, Example> = {
  InvoiceByNumber: { summary: 'The invoice numbered FA-2026-11-0042', value: { data: [record] } },
  NoSuchNumber: { summary: 'No invoice has this number', value: { data: [] } },
  InvalidSellerSiren: errorsExample('seller_siren is not a SIREN', 'malformed', [
    { parameter: 'seller_siren', message: 'must be a SIREN: 9 digits' },
  ]),
};
