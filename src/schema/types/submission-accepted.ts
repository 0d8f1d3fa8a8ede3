/** SubmissionAccepted: the success member of the submit mutations' result unions (REST 202). */
import type { SubmissionRow } from '../../domain/submissions/read/index.ts';
import { builder } from '../builder.ts';
import { SubmissionRef } from './submission.ts';

export interface SubmissionAccepted {
  submission: SubmissionRow;
  replayed: boolean;
}

export const SubmissionAcceptedRef = builder.objectRef<SubmissionAccepted>('SubmissionAccepted').implement({
  description: 'Received by the gateway (not yet accepted by the PA).',
  fields: (t) => ({
    submission: t.field({ type: SubmissionRef, resolve: (accepted) => accepted.submission }),
    replayed: t.exposeBoolean('replayed', {
      description: 'True when an earlier request with the same idempotency key and document created it.',
    }),
  }),
});
