/**
 * The Flow Service 1.1.0 shapes the sandbox speaks, named as in the OpenAPI
 * document (sandbox-pa/spec/AFNOR-Flow_Service-1.1.0-swagger.json,
 * components.schemas). Only the members the sandbox produces or reads.
 */

/** FlowSyntax enum (schema FlowSyntax). */
export const FLOW_SYNTAXES = ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'] as const;
/** FlowProfile enum. */
export const FLOW_PROFILES = ['Basic', 'CIUS', 'Extended-CTC-FR'] as const;
/** ProcessingRule enum: 1.1.0's and 1.2.0's B2G, B2GInt, B2GOutOfScope. */
export const PROCESSING_RULES = [
  'B2B',
  'B2BInt',
  'B2C',
  'B2G',
  'B2GInt',
  'B2GOutOfScope',
  'OutOfScope',
  'ArchiveOnly',
  'NotApplicable',
] as const;
/** FlowDirection enum: In = from the PA to the operator (us), Out = from the operator to the PA. */
export const FLOW_DIRECTIONS = ['In', 'Out'] as const;
/** FlowAckStatus enum. */
export const ACK_STATUSES = ['Pending', 'Ok', 'Error'] as const;
/** FlowType enum (schema FlowType). */
export const FLOW_TYPES = [
  'CustomerInvoice',
  'SupplierInvoice',
  'StateInvoice',
  'CustomerInvoiceLC',
  'SupplierInvoiceLC',
  'StateCustomerInvoiceLC',
  'StateSupplierInvoiceLC',
  'AggregatedCustomerTransactionReport',
  'UnitaryCustomerTransactionReport',
  'AggregatedCustomerPaymentReport',
  'UnitaryCustomerPaymentReport',
  'UnitarySupplierTransactionReport',
  'MultiFlowReport',
] as const;

export type FlowSyntax = (typeof FLOW_SYNTAXES)[number];
export type FlowProfile = (typeof FLOW_PROFILES)[number];
export type ProcessingRule = (typeof PROCESSING_RULES)[number];
export type FlowDirection = (typeof FLOW_DIRECTIONS)[number];
export type FlowAckStatus = (typeof ACK_STATUSES)[number];
export type FlowType = (typeof FLOW_TYPES)[number];

/** Schema FlowInfo: what the client sends in the `flowInfo` part. Only flowSyntax is required. */
export interface FlowInfo {
  trackingId?: string;
  name?: string;
  processingRule?: ProcessingRule;
  flowSyntax: FlowSyntax;
  flowProfile?: FlowProfile;
  /** Lowercase hex SHA-256 of the file. */
  sha256?: string;
}

/** Schema AcknowledgementDetail. */
export interface AcknowledgementDetail {
  level: 'Error' | 'Warning';
  item: string;
  reasonCode: string;
  reasonMessage: string;
}

/** Schema Acknowledgement. `details` has at least one item when present. */
export interface Acknowledgement {
  status: FlowAckStatus;
  details?: AcknowledgementDetail[];
}

/** Schema Flow: the metadata answered by search and GET ?docType=Metadata. Timestamps are ISO 8601 UTC. */
export interface Flow {
  submittedAt: string;
  updatedAt: string;
  flowId: string;
  trackingId?: string;
  flowType: FlowType;
  processingRule?: ProcessingRule;
  processingRuleSource?: 'Input' | 'Computed';
  flowDirection: FlowDirection;
  flowSyntax: FlowSyntax;
  flowProfile?: FlowProfile;
  acknowledgement: Acknowledgement;
}

/** Schema SearchFlowFilters (all optional, at least one required by the operation). */
export interface SearchFlowFilters {
  updatedAfter?: string;
  updatedBefore?: string;
  processingRule?: ProcessingRule[];
  flowType?: FlowType[];
  flowDirection?: FlowDirection[];
  trackingId?: string;
  ackStatus?: FlowAckStatus;
}

/** The result of the optional file check the host plugs in (XSD + EN 16931 + BR-FR in the gateway). */
export interface FileCheckResult {
  ok: boolean;
  details: Array<{ reasonCode: string; reasonMessage: string }>;
}
