/**
 * WebhookEndpoint, its queries and mutations: a tenant registers HTTPS
 * endpoints that receive signed (Standard Webhooks) submission events.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { RuleViolation } from '../../domain/rules/index.ts';
import {
  changeEndpoint,
  createEndpoint,
  deleteEndpoint,
  type EndpointRow,
  getEndpoint,
  listEndpoints,
  rotateSecret,
} from '../../webhooks/index.ts';
import { tenantOf } from '../auth.ts';
import { builder, type SchemaTypes } from '../builder.ts';
import { byId, resultErrors } from '../fields.ts';
import { inputIssues } from '../input-issues.ts';
import { inputToWire } from '../wire-names.ts';
import { NotFound, ValidationFailed } from './errors.ts';

export const WebhookEndpointRef = builder.objectRef<EndpointRow>('WebhookEndpoint').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    description: t.exposeString('description', { nullable: true }),
    eventTypes: t.exposeStringList('eventTypes'),
    enabled: t.boolean({ resolve: (e) => !e.disabledAt }),
    disabledAt: t.field({ type: 'DateTime', nullable: true, resolve: (e) => e.disabledAt }),
    disabledReason: t.exposeString('disabledReason', {
      nullable: true,
      description: '`gone` (answered 410), `failing` (three days of failed attempts) or `manual`.',
    }),
    previousSecretExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'After a rotation, the old secret also signs until then.',
      resolve: (e, _args, ctx) =>
        e.previousSecretExpiresAt && e.previousSecretExpiresAt > ctx.webhooks.settings.clock.now() ? e.previousSecretExpiresAt : null,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (e) => e.updatedAt }),
  }),
});

const WebhookEndpointInput = builder.inputType('WebhookEndpointInput', {
  fields: (t) => ({
    url: t.string({ required: true, description: 'https:// URL on a public address.' }),
    eventTypes: t.stringList({
      required: true,
      description:
        'submission.received, submission.processing_state_changed, submission.lifecycle_status_added, e_report.sent, e_report.accepted, e_report.rejected',
    }),
    description: t.string(),
  }),
});

const WebhookEndpointPatch = builder.inputType('WebhookEndpointPatch', {
  fields: (t) => ({
    url: t.string(),
    eventTypes: t.stringList(),
    description: t.string(),
    enabled: t.boolean({ description: 'false disables the endpoint; true re-enables it.' }),
  }),
});

interface WithSecret {
  endpoint: EndpointRow;
  secret: string;
}

const withSecretFields = (t: PothosSchemaTypes.ObjectFieldBuilder<PothosSchemaTypes.ExtendDefaultTypes<SchemaTypes>, WithSecret>) => ({
  endpoint: t.field({ type: WebhookEndpointRef, resolve: (r: WithSecret) => r.endpoint }),
  secret: t.string({ description: 'The signing secret (whsec_…). Shown once: store it now.', resolve: (r: WithSecret) => r.secret }),
});

const WebhookEndpointCreatedRef = builder.objectRef<WithSecret>('WebhookEndpointCreated').implement({ fields: withSecretFields });
const WebhookSecretRotatedRef = builder.objectRef<WithSecret>('WebhookSecretRotated').implement({ fields: withSecretFields });
const WebhookEndpointDeletedRef = builder.objectRef<{ id: string }>('WebhookEndpointDeleted').implement({
  fields: (t) => ({ id: t.exposeID('id') }),
});

/** A ValidationFailed whose paths point into the `input` argument of the current field. */
function invalid(info: GraphQLResolveInfo, violations: RuleViolation[]) {
  return new ValidationFailed(inputIssues(info, violations));
}

builder.queryFields((t) => ({
  webhookEndpoints: t.field({
    type: [WebhookEndpointRef],
    description: 'Your webhook endpoints, oldest first.',
    resolve: (_root, _args, ctx) => listEndpoints(ctx.db, tenantOf(ctx).id),
  }),
  webhookEndpoint: t.field(byId(t, WebhookEndpointRef, undefined, (id, ctx) => getEndpoint(ctx.db, tenantOf(ctx).id, id))),
}));

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: WebhookEndpointCreatedRef,
    errors: resultErrors('CreateWebhookEndpointResult', [ValidationFailed]),
    args: { input: t.arg({ type: WebhookEndpointInput, required: true }) },
    resolve: async (_root, { input }, ctx, info) => {
      const result = await createEndpoint(ctx.db, ctx.webhooks.settings, tenantOf(ctx).id, inputToWire(input) as never);
      if (!result.ok) throw invalid(info, result.violations);
      return result;
    },
  }),
  updateWebhookEndpoint: t.field({
    type: WebhookEndpointRef,
    errors: resultErrors('UpdateWebhookEndpointResult', [NotFound, ValidationFailed]),
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: WebhookEndpointPatch, required: true }) },
    resolve: async (_root, { id, input }, ctx, info) => {
      const result = await changeEndpoint(ctx.db, ctx.webhooks.settings, tenantOf(ctx).id, id, inputToWire(input) as never);
      if (result.ok) return result.endpoint;
      throw result.code === 'not_found' ? new NotFound('webhook endpoint', id) : invalid(info, result.violations);
    },
  }),
  deleteWebhookEndpoint: t.field({
    type: WebhookEndpointDeletedRef,
    errors: resultErrors('DeleteWebhookEndpointResult', [NotFound]),
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      const result = await deleteEndpoint(ctx.db, ctx.webhooks.settings, tenantOf(ctx).id, id);
      if (!result.ok) throw new NotFound('webhook endpoint', id);
      return { id };
    },
  }),
  rotateWebhookSecret: t.field({
    type: WebhookSecretRotatedRef,
    description: 'A new signing secret; the previous one keeps signing alongside it for 24 hours.',
    errors: resultErrors('RotateWebhookSecretResult', [NotFound]),
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      const result = await rotateSecret(ctx.db, ctx.webhooks.settings, tenantOf(ctx).id, id);
      if (!result.ok) throw new NotFound('webhook endpoint', id);
      return result;
    },
  }),
}));
