/**
 * How a submission was handed to the PA (AFNOR XP Z12-013 Flow Service
 * createFlow): the PA's flowId and submittedAt, the flow's acknowledgement,
 * and the sending attempts. `Submission.platformDelivery`, null before the
 * first attempt. Names are the Flow Service's (flowId, submittedAt,
 * acknowledgement, reasonCode...).
 */
import { DateTimeResolver } from 'graphql-scalars';
import type { Context } from '../../app/context.ts';
import type { AcknowledgementDetail, FlowAckStatus } from '../../platform/index.ts';
import { type DeliveryView, findDelivery } from '../../platform/index.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { enumType } from '../fields.ts';
import { SubmissionRef } from './submission.ts';

const AckStatusEnum = enumType(
  'FlowAcknowledgementStatus',
  "The PA's acknowledgement of a flow (Flow Service AckStatus), under the standard's names.",
  {
    Pending: ['Pending', 'Received by the PA, not yet checked.'],
    Ok: ['Ok', 'Accepted by the PA; its lifecycle statuses follow.'],
    Error: ['Error', 'Refused by the PA (details say why); the document is rejected.'],
  },
);

const AckDetailRef = builder.objectRef<AcknowledgementDetail>('FlowAcknowledgementDetail').implement({
  description: 'One finding of the PA on a flow (Flow Service AcknowledgementDetail).',
  fields: (t) => ({
    level: t.exposeString('level', { description: '`Error` or `Warning`.' }),
    item: t.exposeString('item', { description: 'What the finding is about (a part or an element of the flow), as the PA names it.' }),
    reasonCode: t.exposeString('reasonCode', {
      description: 'e.g. InvalidSchema, ChecksumMismatch, AlreadyExistingFlow, or a code of the PA.',
    }),
    reasonMessage: t.exposeString('reasonMessage'),
  }),
});

type Acknowledgement = { status: FlowAckStatus; details: AcknowledgementDetail[] };

const AckRef = builder.objectRef<Acknowledgement>('FlowAcknowledgement').implement({
  description: "The PA's acknowledgement of the flow.",
  fields: (t) => ({
    status: t.field({ type: AckStatusEnum, resolve: (a) => a.status }),
    details: t.field({ type: [AckDetailRef], resolve: (a) => a.details }),
  }),
});

/** The PA's date-time as written when RFC 3339, else normalised; null when unreadable (a PA's own format). */
function dateTime(text: string | null): string | null {
  if (text === null) return null;
  try {
    DateTimeResolver.parseValue(text);
    return text;
  } catch {
    const instant = Date.parse(text);
    return Number.isNaN(instant) ? null : new Date(instant).toISOString();
  }
}

const STATUSES: readonly FlowAckStatus[] = ['Pending', 'Ok', 'Error'];

/** The stored acknowledgement; null before the 202. */
function acknowledgementOf(d: DeliveryView): Acknowledgement | null {
  const status = STATUSES.find((s) => s === d.ackStatus);
  if (!status) return null;
  return { status, details: Array.isArray(d.ackDetails) ? (d.ackDetails as AcknowledgementDetail[]) : [] };
}

const PlatformDeliveryRef = builder.objectRef<DeliveryView>('PlatformDelivery').implement({
  description: 'The hand-over of the e-invoice to the accredited platform (PA): the flow it created and the attempts.',
  fields: (t) => ({
    flowId: t.exposeString('flowId', { nullable: true, description: "The PA's flowId; null until the PA accepted the flow (202)." }),
    submittedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: "When the PA received the flow (its submittedAt, the PA's clock); null until accepted.",
      resolve: (d) => dateTime(d.submittedAt),
    }),
    acknowledgement: t.field({
      type: AckRef,
      nullable: true,
      description: "The PA's acknowledgement of the flow; null until the PA accepted it.",
      resolve: (d) => acknowledgementOf(d),
    }),
    attempts: t.exposeInt('attempts', { description: 'createFlow requests sent so far.' }),
    lastError: t.exposeString('lastError', {
      nullable: true,
      description: "Why the last attempt failed (an HTTP status, a network failure, the PA's error); null after success.",
    }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the next attempt is due (or the current one gives up), while the document waits to be sent; null otherwise.',
      resolve: (d) => d.nextAttemptAt,
    }),
  }),
});

builder.objectFields(SubmissionRef, (t) => ({
  platformDelivery: t.field({
    type: PlatformDeliveryRef,
    nullable: true,
    description: 'The hand-over to the PA; null before the first attempt (and for documents the gateway rejected).',
    // Nothing is sent before validation: a new document's lookup makes no query for it.
    resolve: async (s, _args, ctx: Context) =>
      s.processingState === 'received' ? null : ((await findDelivery(ctx.db, tenantOf(ctx).id, s.id)) ?? null),
  }),
}));
