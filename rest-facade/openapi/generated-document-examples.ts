/** Examples of the pipeline's replies (`./generated-documents.ts`), recorded from a running gateway. */
import { problem } from './example-values.ts';

/** Reply examples (recorded from a running gateway). */
export const generatedDocumentExamples = {
  DocumentNotAvailable: {
    summary: 'The e-invoice is not generated yet',
    value: problem('documentNotAvailable', {
      detail: 'The invoice is still being processed (processing_state received): its e-invoice is not generated yet',
      processing_state: 'received',
    }),
  },
};
