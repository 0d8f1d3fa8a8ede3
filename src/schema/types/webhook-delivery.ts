/** WebhookDelivery and WebhookAttempt: what was sent to an endpoint, every attempt, and redelivery. */
import { getEndpoint, pageDeliveries, redeliver, type DeliveryView } from '../../webhooks/index.ts';
import type { AttemptRow } from '../../webhooks/index.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { connectionNames, pageOf, resultErrors } from '../fields.ts';
import { NotFound } from './errors.ts';

const WebhookAttemptRef = builder.objectRef<AttemptRow>('WebhookAttempt').implement({
  fields: (t) => ({
    attemptedAt: t.field({ type: 'DateTime', resolve: (a) => a.attemptedAt }),
    httpStatus: t.exposeInt('httpStatus', { nullable: true, description: 'Absent when no answer came (timeout, refused).' }),
    durationMs: t.exposeInt('durationMs'),
    error: t.exposeString('error', { nullable: true }),
  }),
});

export const WebhookDeliveryRef = builder.objectRef<DeliveryView>('WebhookDelivery').implement({
  fields: (t) => ({
    id: t.id({ resolve: (v) => v.delivery.id }),
    endpointId: t.id({ resolve: (v) => v.delivery.endpointId }),
    webhookId: t.string({
      description: 'The `webhook-id` header: the same on every retry, for deduplication.',
      resolve: (v) => `msg_${v.delivery.id.replace(/-/g, '')}`,
    }),
    eventType: t.string({ resolve: (v) => v.delivery.eventType }),
    status: t.string({
      description: '`pending`, `succeeded` or `failed` (gave up; can be redelivered).',
      resolve: (v) => v.delivery.status,
    }),
    payload: t.string({ description: 'The JSON body, as sent on every attempt.', resolve: (v) => v.delivery.payload }),
    nextAttemptAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.delivery.nextAttemptAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.delivery.createdAt }),
    attempts: t.field({ type: [WebhookAttemptRef], resolve: (v) => v.attempts }),
  }),
});

builder.queryField('webhookDeliveries', (t) =>
  t.connection(
    {
      type: WebhookDeliveryRef,
      nullable: true,
      description: "An endpoint's deliveries, newest first, each with its attempts; null for an unknown endpoint.",
      args: { endpointId: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => {
        const tenantId = tenantOf(ctx).id;
        if (!(await getEndpoint(ctx.db, tenantId, args.endpointId))) return null;
        return pageOf(
          args,
          // Newest first: "after" a cursor is older, "before" it is newer.
          async ({ after, before, limit, backwards }) =>
            (await pageDeliveries(ctx.db, tenantId, args.endpointId, {
              limit,
              olderThan: after,
              newerThan: before,
              oldestFirst: backwards,
            })) ?? [],
          (v) => v.delivery.id,
        );
      },
    },
    ...connectionNames('WebhookDelivery'),
  ),
);

builder.mutationField('redeliverWebhookEvent', (t) =>
  t.field({
    type: WebhookDeliveryRef,
    description: 'Sends a delivery again (same webhook-id and payload), a failed one included.',
    errors: resultErrors('RedeliverWebhookEventResult', [NotFound]),
    args: {
      deliveryId: t.arg.id({ required: true }),
      endpointId: t.arg.id({ description: 'When given, the delivery must belong to this endpoint (else NotFound).' }),
    },
    resolve: async (_root, { deliveryId, endpointId }, ctx) => {
      const result = await redeliver(
        ctx.db,
        ctx.webhooks.settings,
        tenantOf(ctx).id,
        { deliveryId, endpointId: endpointId ?? undefined },
        ctx.webhooks.enqueueAttempt,
      );
      if (!result.ok) throw new NotFound('webhook delivery', deliveryId);
      return result.delivery;
    },
  }),
);
