/**
 * Checks a `flowInfo` part and a search body against the OpenAPI schemas
 * FlowInfo and SearchFlowParams (Flow Service 1.1.0). Failures are data: the
 * Error schema's errorCode and errorMessage for a 400.
 */
import {
  ACK_STATUSES,
  FLOW_DIRECTIONS,
  FLOW_PROFILES,
  FLOW_SYNTAXES,
  FLOW_TYPES,
  type FlowInfo,
  PROCESSING_RULES,
  type SearchFlowFilters,
} from './types.ts';

/** A 400 answer's content. */
export interface Invalid {
  errorCode: 'MISSING_REQUIRED_FIELD' | 'INVALID_FIELD_VALUE';
  errorMessage: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf = (list: readonly string[], value: unknown): boolean => typeof value === 'string' && list.includes(value);
const invalid = (errorMessage: string): Invalid => ({ errorCode: 'INVALID_FIELD_VALUE', errorMessage });
const missing = (errorMessage: string): Invalid => ({ errorCode: 'MISSING_REQUIRED_FIELD', errorMessage });

/** The FlowInfo (known properties only), or why not. */
export function checkFlowInfo(value: unknown): { flowInfo: FlowInfo } | { invalid: Invalid } {
  if (!isObject(value)) return { invalid: invalid('flowInfo must be a JSON object') };
  if (value['flowSyntax'] === undefined) return { invalid: missing('flowInfo.flowSyntax is required') };
  if (!oneOf(FLOW_SYNTAXES, value['flowSyntax']))
    return { invalid: invalid(`flowInfo.flowSyntax must be one of ${FLOW_SYNTAXES.join(', ')}`) };
  if (value['flowProfile'] !== undefined && !oneOf(FLOW_PROFILES, value['flowProfile'])) {
    return { invalid: invalid(`flowInfo.flowProfile must be one of ${FLOW_PROFILES.join(', ')}`) };
  }
  if (value['processingRule'] !== undefined && !oneOf(PROCESSING_RULES, value['processingRule'])) {
    return { invalid: invalid(`flowInfo.processingRule must be one of ${PROCESSING_RULES.join(', ')}`) };
  }
  const trackingId = value['trackingId'];
  if (trackingId !== undefined && (typeof trackingId !== 'string' || trackingId.length > 36)) {
    return { invalid: invalid('flowInfo.trackingId must be a string of at most 36 characters') };
  }
  const name = value['name'];
  if (name !== undefined && (typeof name !== 'string' || name.length > 255)) {
    return { invalid: invalid('flowInfo.name must be a string of at most 255 characters') };
  }
  const sha256 = value['sha256'];
  if (sha256 !== undefined && (typeof sha256 !== 'string' || !/^[a-f0-9]{64}$/.test(sha256))) {
    return { invalid: invalid('flowInfo.sha256 must be 64 lowercase hexadecimal digits') };
  }
  const flowInfo: FlowInfo = { flowSyntax: value['flowSyntax'] as FlowInfo['flowSyntax'] };
  if (trackingId !== undefined) flowInfo.trackingId = trackingId as string;
  if (name !== undefined) flowInfo.name = name as string;
  if (value['processingRule'] !== undefined) flowInfo.processingRule = value['processingRule'] as FlowInfo['processingRule'];
  if (value['flowProfile'] !== undefined) flowInfo.flowProfile = value['flowProfile'] as FlowInfo['flowProfile'];
  if (sha256 !== undefined) flowInfo.sha256 = sha256 as string;
  return { flowInfo };
}

function checkList(where: Record<string, unknown>, key: string, allowed: readonly string[]): Invalid | undefined {
  const list = where[key];
  if (list === undefined) return undefined;
  if (!Array.isArray(list) || !list.every((item) => oneOf(allowed, item)))
    return invalid(`where.${key} must be an array of ${allowed.join(', ')}`);
  return undefined;
}

/** A search body's limit (default 25, at most 100) and filters, or why not. */
export function checkSearch(body: unknown): { limit: number; where: SearchFlowFilters } | { invalid: Invalid } {
  if (!isObject(body)) return { invalid: invalid('the body must be a JSON object') };
  const where = body['where'];
  if (where === undefined) return { invalid: missing('where is required') };
  if (!isObject(where)) return { invalid: invalid('where must be an object') };
  const limit = body['limit'] ?? 25;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 100) {
    return { invalid: invalid('limit must be an integer from 1 to 100') };
  }
  const known = ['updatedAfter', 'updatedBefore', 'processingRule', 'flowType', 'flowDirection', 'trackingId', 'ackStatus'];
  if (!known.some((key) => where[key] !== undefined)) return { invalid: missing('where needs at least one criterion') };
  for (const key of ['updatedAfter', 'updatedBefore']) {
    const value = where[key];
    if (value !== undefined && (typeof value !== 'string' || Number.isNaN(Date.parse(value)))) {
      return { invalid: invalid(`where.${key} must be a date-time`) };
    }
  }
  const listError =
    checkList(where, 'processingRule', PROCESSING_RULES) ??
    checkList(where, 'flowType', FLOW_TYPES) ??
    checkList(where, 'flowDirection', FLOW_DIRECTIONS);
  if (listError) return { invalid: listError };
  if (where['trackingId'] !== undefined && (typeof where['trackingId'] !== 'string' || where['trackingId'].length > 36)) {
    return { invalid: invalid('where.trackingId must be a string of at most 36 characters') };
  }
  if (where['ackStatus'] !== undefined && !oneOf(ACK_STATUSES, where['ackStatus'])) {
    return { invalid: invalid(`where.ackStatus must be one of ${ACK_STATUSES.join(', ')}`) };
  }
  return { limit, where: where as SearchFlowFilters };
}
