/**
 * The input of `notifyFlowUpdated`: the body of the AFNOR XP Z12-013 Flow
 * Service 1.1.0 webhook callback (schema `WebhookCallbackContent`,
 * `{ flowInfo: Flow }`, copy in sandbox-pa/spec/). Field names are the
 * OpenAPI document's own, so the REST body is this input as it is.
 *
 * The OpenAPI document marks no field of `Flow` as required; the gateway
 * requires those of its `Flow` type (`src/platform/afnor/types.ts`), which
 * every Flow a PA returns carries. Enumerations are strings checked here, not
 * GraphQL enums: `Factur-X` and `Extended-CTC-FR` are not GraphQL names, and
 * the wire spelling (`In`, `Out`) must stay the AFNOR one.
 */
import { z } from 'zod';
import type {
  AcknowledgementDetail,
  Flow,
  FlowAckStatus,
  FlowDirection,
  FlowProfile,
  FlowSyntax,
  ProcessingRule,
} from '../../platform/index.ts';
import { builder } from '../builder.ts';

const FLOW_DIRECTIONS = ['In', 'Out'] as const satisfies readonly FlowDirection[];
const FLOW_SYNTAXES = ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'] as const satisfies readonly FlowSyntax[];
const FLOW_PROFILES = ['Basic', 'CIUS', 'Extended-CTC-FR'] as const satisfies readonly FlowProfile[];
const PROCESSING_RULES = [
  'B2B',
  'B2BInt',
  'B2C',
  'B2G',
  'B2GInt',
  'B2GOutOfScope',
  'OutOfScope',
  'ArchiveOnly',
  'NotApplicable',
] as const satisfies readonly ProcessingRule[];
const PROCESSING_RULE_SOURCES = ['Input', 'Computed'] as const;
const ACK_STATUSES = ['Pending', 'Ok', 'Error'] as const satisfies readonly FlowAckStatus[];
const DETAIL_LEVELS = ['Error', 'Warning'] as const;

const oneOf = (values: readonly string[]) => `One of ${values.join(', ')}.`;

export const FlowAcknowledgementDetailInput = builder.inputType('FlowAcknowledgementDetailInput', {
  description: 'Schema AcknowledgementDetail: one finding of the PA on the flow.',
  fields: (t) => ({
    level: t.string({ required: true, description: oneOf(DETAIL_LEVELS) }),
    item: t.string({ required: true, description: 'The item the finding is about.' }),
    reasonCode: t.string({ required: true, description: 'ReasonCode: InvalidSchema, ChecksumMismatch, … or one of the PA.' }),
    reasonMessage: t.string({ required: true }),
  }),
});

export const FlowAcknowledgementInput = builder.inputType('FlowAcknowledgementInput', {
  description: 'Schema Acknowledgement: the outcome of the PA checks on the flow.',
  fields: (t) => ({
    status: t.string({ required: true, description: oneOf(ACK_STATUSES) }),
    details: t.field({ type: [FlowAcknowledgementDetailInput] }),
  }),
});

export const FlowInput = builder.inputType('FlowInput', {
  description: 'Schema Flow: a flow as the PA knows it (search results, getFlow with docType=Metadata, webhook callbacks).',
  fields: (t) => ({
    flowId: t.string({ required: true, description: "The PA's id of the flow (NotOnlyUuid: 1 to 36 characters)." }),
    submittedAt: t.field({ type: 'DateTime', required: true, description: 'When the flow was created on the PA.' }),
    updatedAt: t.field({ type: 'DateTime', required: true, description: "The flow's last change (its acknowledgement)." }),
    trackingId: t.string({ description: "The sender's own id (NotOnlyUuid, at most 36): the gateway's submission id on its flows." }),
    flowType: t.string({ required: true, description: 'FlowType: CustomerInvoice, CustomerInvoiceLC, … (a PA may add values).' }),
    processingRule: t.string({ description: oneOf(PROCESSING_RULES) }),
    processingRuleSource: t.string({ description: oneOf(PROCESSING_RULE_SOURCES) }),
    flowDirection: t.string({ required: true, description: `${oneOf(FLOW_DIRECTIONS)} In: from the PA to us.` }),
    flowSyntax: t.string({ required: true, description: oneOf(FLOW_SYNTAXES) }),
    flowProfile: t.string({ description: oneOf(FLOW_PROFILES) }),
    acknowledgement: t.field({ type: FlowAcknowledgementInput }),
  }),
});

export const FlowUpdatedInput = builder.inputType('FlowUpdatedInput', {
  description: 'Schema WebhookCallbackContent: the body a PA POSTs to the callback URL when a flow changed.',
  fields: (t) => ({ flowInfo: t.field({ type: FlowInput, required: true }) }),
});

type Nullable<T> = T | null | undefined;
/** `FlowInput` as the resolver receives it (absent optional fields may be null). */
export interface FlowInputValue {
  flowId: string;
  submittedAt: string;
  updatedAt: string;
  trackingId?: Nullable<string>;
  flowType: string;
  processingRule?: Nullable<string>;
  processingRuleSource?: Nullable<string>;
  flowDirection: string;
  flowSyntax: string;
  flowProfile?: Nullable<string>;
  acknowledgement?: Nullable<{
    status: string;
    details?: Nullable<Array<{ level: string; item: string; reasonCode: string; reasonMessage: string }>>;
  }>;
}

/**
 * The constraints of the 1.1.0 schemas that GraphQL types do not carry: the
 * enumerations and NotOnlyUuid's 36 characters. One refinement over all the
 * arguments, so every broken constraint is reported at once; a failure is
 * an `InvalidArguments` result (REST 400) whose paths start `/input/flowInfo`.
 */
export const flowUpdatedArguments = z.any().superRefine((args: { input: { flowInfo: FlowInputValue } }, ctx) => {
  const flow = args.input.flowInfo;
  const at = (...path: Array<string | number>) => ['input', 'flowInfo', ...path];
  const member = (values: readonly string[], value: Nullable<string>, path: Array<string | number>) => {
    if (value != null && !values.includes(value)) ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}`, path });
  };
  if (flow.flowId.length < 1 || flow.flowId.length > 36 || flow.flowId.trim() === '') {
    ctx.addIssue({ code: 'custom', message: 'must be 1 to 36 characters, not blank', path: at('flowId') });
  }
  if (flow.trackingId != null && flow.trackingId.length > 36) {
    ctx.addIssue({ code: 'custom', message: 'must be at most 36 characters', path: at('trackingId') });
  }
  member(FLOW_DIRECTIONS, flow.flowDirection, at('flowDirection'));
  member(FLOW_SYNTAXES, flow.flowSyntax, at('flowSyntax'));
  member(FLOW_PROFILES, flow.flowProfile, at('flowProfile'));
  member(PROCESSING_RULES, flow.processingRule, at('processingRule'));
  member(PROCESSING_RULE_SOURCES, flow.processingRuleSource, at('processingRuleSource'));
  member(ACK_STATUSES, flow.acknowledgement?.status, at('acknowledgement', 'status'));
  for (const [index, detail] of (flow.acknowledgement?.details ?? []).entries()) {
    member(DETAIL_LEVELS, detail.level, at('acknowledgement', 'details', index, 'level'));
  }
});

/** A checked `FlowInput` as the connector's `Flow`: absent optional fields left out, not null. */
export function toFlow(input: FlowInputValue): Flow {
  const flow: Flow = {
    flowId: input.flowId,
    submittedAt: input.submittedAt,
    updatedAt: input.updatedAt,
    flowType: input.flowType,
    flowDirection: input.flowDirection as FlowDirection,
    flowSyntax: input.flowSyntax as FlowSyntax,
  };
  if (input.trackingId != null) flow.trackingId = input.trackingId;
  if (input.processingRule != null) flow.processingRule = input.processingRule as ProcessingRule;
  if (input.processingRuleSource != null) flow.processingRuleSource = input.processingRuleSource as Flow['processingRuleSource'];
  if (input.flowProfile != null) flow.flowProfile = input.flowProfile as FlowProfile;
  if (input.acknowledgement != null) {
    const { status, details } = input.acknowledgement;
    flow.acknowledgement = { status: status as FlowAckStatus };
    if (details != null) flow.acknowledgement.details = details.map((detail) => ({ ...detail }) as AcknowledgementDetail);
  }
  return flow;
}
