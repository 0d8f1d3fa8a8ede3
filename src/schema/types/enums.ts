/** Enums shared by several types: document type and processing state (spec § processing_state). */
import { builder } from '../builder.ts';
import { enumType } from '../fields.ts';

export const DocumentTypeEnum = builder.enumType('DocumentType', {
  values: {
    INVOICE: { value: 'invoice' },
    CREDIT_NOTE: { value: 'credit_note' },
  } as const,
});

export const ProcessingStateEnum = enumType(
  'ProcessingState',
  "State inside the gateway, independent of the PA's lifecycle codes: RECEIVED → VALIDATED → SENT, REJECTED from each (README, Processing states).",
  {
    RECEIVED: ['received', 'Passed the conversion checks; 202 returned.'],
    VALIDATED: ['validated', 'Validation done.'],
    SENT: ['sent', 'Handed to the PA.'],
    REJECTED: ['rejected', 'Refused definitively; a new document with a new number is needed.'],
  },
);

export const WaitingForEnum = builder.enumType('WaitingFor', {
  description: 'What a RECEIVED document waits for before the gateway can process it.',
  values: {
    SELLER: {
      value: 'seller',
      description:
        "A seller: it was submitted before its tenant had one; the tenant's first seller (createSeller, setSellerProfile) takes it.",
    },
  } as const,
});
