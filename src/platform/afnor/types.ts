/**
 * The AFNOR XP Z12-013 Flow Service 1.2.0 (and 1.1.0) shapes the client sends and reads
 * (names as in the OpenAPI document's components.schemas, copy in
 * sandbox-pa/spec/), and the client's result unions.
 */

export type FlowSyntax = 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';
export type FlowProfile = 'Basic' | 'CIUS' | 'Extended-CTC-FR';
/** Schema ProcessingRule: 1.1.0's, and 1.2.0's `B2G`, `B2GInt`, `B2GOutOfScope` (sales to the public sector). */
export type ProcessingRule = 'B2B' | 'B2BInt' | 'B2C' | 'B2G' | 'B2GInt' | 'B2GOutOfScope' | 'OutOfScope' | 'ArchiveOnly' | 'NotApplicable';
export type FlowDirection = 'In' | 'Out';
export type FlowAckStatus = 'Pending' | 'Ok' | 'Error';
/** Schema FlowType; other values a PA may add are kept as strings. */
export type FlowType = 'CustomerInvoice' | 'SupplierInvoice' | 'CustomerInvoiceLC' | 'SupplierInvoiceLC' | (string & {});

/** Schema FlowInfo (the `flowInfo` part of createFlow). */
export interface FlowInfo {
  flowSyntax: FlowSyntax;
  flowProfile?: FlowProfile;
  processingRule?: ProcessingRule;
  /** The client's own id, at most 36 characters (the gateway's submission id). */
  trackingId?: string;
  /** The file's name, at most 255 characters: required in 1.2.0 (CoreFlowInfo), optional in 1.1.0. */
  name: string;
  /** Lowercase hex SHA-256 of the file; the client computes it when absent. */
  sha256?: string;
}

/** Schema FullFlowInfo: the 202 answer of createFlow. */
export interface FullFlowInfo extends FlowInfo {
  flowId: string;
  /** ISO 8601; the PA's clock, the reference for later searches. */
  submittedAt: string;
}

/** Schema AcknowledgementDetail. */
export interface AcknowledgementDetail {
  level: 'Error' | 'Warning';
  item: string;
  /** ReasonCode: InvalidSchema, ChecksumMismatch, AlreadyExistingFlow, … or a PA's own. */
  reasonCode: string;
  reasonMessage: string;
}

/** Schema Flow (search results, GET ?docType=Metadata, webhook callback's flowInfo). */
export interface Flow {
  flowId: string;
  submittedAt: string;
  updatedAt: string;
  trackingId?: string;
  flowType: FlowType;
  processingRule?: ProcessingRule;
  processingRuleSource?: 'Input' | 'Computed';
  flowDirection: FlowDirection;
  flowSyntax: FlowSyntax;
  flowProfile?: FlowProfile;
  acknowledgement?: { status: FlowAckStatus; details?: AcknowledgementDetail[] };
}

/** Schema SearchFlowFilters: AND between criteria, OR inside a list; at least one criterion. */
export interface SearchFlowFilters {
  updatedAfter?: string;
  updatedBefore?: string;
  processingRule?: ProcessingRule[];
  flowType?: FlowType[];
  flowDirection?: FlowDirection[];
  trackingId?: string;
  ackStatus?: FlowAckStatus;
}

/** Schema SearchFlowContent. */
export interface SearchFlowContent {
  limit: number;
  filters: SearchFlowFilters;
  results: Flow[];
}

/**
 * An expected failure, as data:
 * - `retryable`: nothing happened on the PA's side, or it asked to come back (429, 5xx, 408, network failure before the
 *   request was sent, or any failure of an idempotent read); `retryAfterMs` from Retry-After (seconds or HTTP date, RFC 9110 §10.2.3);
 * - `definitive`: the PA refused the request (other 4xx, or 401 again after one token refresh); its Error schema's fields
 *   (`authentication` when the token endpoint refused the credentials);
 * - `unknown-outcome`: a flow submission was sent but no usable answer came back (timeout, connection dropped, unreadable 202):
 *   search by trackingId before sending again.
 * Error texts never contain the client secret or a token.
 */
export type FlowFailure =
  | {
      ok: false;
      kind: 'retryable';
      status?: number;
      retryAfterMs?: number;
      error: string;
      /** The answer passed its operation's size cap (transport.ts ANSWER_CAPS): asking again gets the same answer. */
      tooLarge?: true;
    }
  | {
      ok: false;
      kind: 'definitive';
      status: number;
      errorCode?: string;
      errorMessage?: string;
      /** The token endpoint refused the client credentials: the connection's settings are wrong, not the request. */
      authentication?: true;
    }
  | { ok: false; kind: 'unknown-outcome'; error: string };

/** A call's result: `{ ok: true, ...T }` or a FlowFailure. */
export type FlowResult<T> = ({ ok: true } & T) | FlowFailure;
