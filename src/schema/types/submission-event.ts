/**
 * SubmissionEvent and the subscriptions `submissionUpdated` and
 * `submissionEvents` (graphql-ws over WebSocket, or Server-Sent Events).
 * Events reach subscribers on every gateway instance, only after the
 * transaction that recorded them committed.
 */
import { GraphQLError } from 'graphql';
import type { EventView } from '../../domain/events/events-store.ts';
import { getSubmission } from '../../domain/submissions/read/index.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { enumType } from '../fields.ts';
import { DocumentTypeEnum, ProcessingStateEnum } from './enums.ts';
import { LifecycleStatusRef } from './lifecycle-status.ts';
import { SubmissionRef } from './submission.ts';

const SubmissionEventTypeEnum = enumType('SubmissionEventType', undefined, {
  RECEIVED: ['received', 'A new submission was received (202).'],
  LIFECYCLE_STATUS_ADDED: ['lifecycle_status_added', 'The PA reported a lifecycle status.'],
  PROCESSING_STATE_CHANGED: ['processing_state_changed', 'The processing state changed.'],
});

export const SubmissionEventRef = builder.objectRef<EventView>('SubmissionEvent').implement({
  fields: (t) => ({
    id: t.id({ description: 'Event id, increasing.', resolve: (event) => String(event.id) }),
    type: t.field({ type: SubmissionEventTypeEnum, resolve: (event) => event.type }),
    createdAt: t.field({ type: 'DateTime', resolve: (event) => event.createdAt }),
    submission: t.field({ type: SubmissionRef, description: 'The submission as of now.', resolve: (event) => event.submission }),
    lifecycleStatus: t.field({
      type: LifecycleStatusRef,
      nullable: true,
      description: 'The new entry, for LIFECYCLE_STATUS_ADDED.',
      resolve: (event) => event.lifecycleStatus,
    }),
    processingState: t.field({
      type: ProcessingStateEnum,
      nullable: true,
      description: 'The new state, for PROCESSING_STATE_CHANGED and RECEIVED.',
      resolve: (event) => event.processingState,
    }),
  }),
});

builder.subscriptionType({});

builder.subscriptionFields((t) => ({
  submissionUpdated: t.field({
    type: SubmissionEventRef,
    description: 'Each new lifecycle status and processing state change of one of your submissions.',
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, { id }, ctx) => {
      // Another tenant's id answers exactly like an unknown one.
      const submission = await getSubmission(ctx.db, tenantOf(ctx).id, id);
      if (!submission) throw new GraphQLError(`No submission with id "${id}"`, { extensions: { code: 'NOT_FOUND' } });
      return ctx.hub.subscribe(`submission:${submission.id}`);
    },
    resolve: (event) => event,
  }),
  submissionEvents: t.field({
    type: SubmissionEventRef,
    description: 'Every event of all your submissions (new ones included), optionally of one document type.',
    args: { documentType: t.arg({ type: DocumentTypeEnum }) },
    subscribe: (_root, { documentType }, ctx) =>
      ctx.hub.subscribe(`tenant:${tenantOf(ctx).id}`, (event) => !documentType || event.documentType === documentType),
    resolve: (event) => event,
  }),
}));
