/**
 * The filters of the submissions list, its count and the dashboard, as SQL
 * conditions on `submissions` (alias-free, one table): which index each one
 * can use is in docs/console.md, "Query plans".
 */
import { and, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { sellers, submissionDocuments, submissions } from '../../../db/schema.ts';
import type { DocumentType } from '../../../model/documents.ts';
import type { SubmissionRow } from './rows.ts';

/** The French processing rule of a document (`submission_documents.processing_rule`, DSE v3.2 §2.3). */
export type ProcessingRule = 'B2B' | 'B2BInt' | 'B2C';

/**
 * What a list keeps; every member given narrows it (AND), a list member means any of its values.
 * Dates are YYYY-MM-DD, instants are `Date`s; ranges include `from` and exclude `to` for instants,
 * include both ends for dates.
 */
export interface SubmissionFilter {
  documentType?: DocumentType;
  processingStates?: ReadonlyArray<SubmissionRow['processingState']>;
  /** Latest lifecycle code among these; `null` in the list keeps documents with no status yet. */
  lifecycleCodes?: ReadonlyArray<number | null>;
  processingRule?: ProcessingRule;
  /** The issuing seller's SIREN (BT-30, `submissions.seller_siren`). */
  sellerSiren?: string;
  /** Only the documents of the tenant's default seller (the one a document that names none uses). */
  defaultSeller?: boolean;
  createdFrom?: Date;
  createdBefore?: Date;
  issuedFrom?: string;
  issuedTo?: string;
  /** BT-1 exactly. */
  number?: string;
  /** BT-1 starts with it (byte for byte, case-sensitive). */
  numberPrefix?: string;
  saasId?: string;
  /** The buyer's name (BT-44) starts with it, case-insensitive (`lower`). */
  buyerName?: string;
  /** The buyer's SIREN (BT-47) exactly. */
  buyerSiren?: string;
}

const BOTH_TYPES: DocumentType[] = ['invoice', 'credit_note'];

/** `text` with LIKE's own characters escaped, for a prefix pattern. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The smallest UUIDv7 of the millisecond of `instant`: ids are time-ordered (`src/domain/ids.ts`), so a
 * range of creation times is a range of ids, which the (tenant_id, id) index reads directly.
 */
export function idFloor(instant: Date): string {
  const hex = Math.max(0, instant.getTime()).toString(16).padStart(12, '0').slice(-12);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/** The conditions of `filter` for `tenantId`'s submissions (always the tenant's, whatever the filter). */
export function filterConditions(tenantId: string, filter: SubmissionFilter): SQL {
  const s = submissions;
  const codes = filter.lifecycleCodes;
  const numbers = codes?.filter((code): code is number => code !== null) ?? [];
  return and(
    eq(s.tenantId, tenantId),
    // Named even when both: the unique (tenant, type, number|saas_id) indexes then serve exact lookups.
    filter.number !== undefined || filter.saasId !== undefined
      ? inArray(s.documentType, filter.documentType ? [filter.documentType] : BOTH_TYPES)
      : filter.documentType && eq(s.documentType, filter.documentType),
    filter.processingStates ? inArray(s.processingState, [...filter.processingStates]) : undefined,
    codes
      ? or(numbers.length > 0 ? inArray(s.lifecycleCode, numbers) : sql`false`, codes.includes(null) ? isNull(s.lifecycleCode) : undefined)
      : undefined,
    filter.processingRule
      ? sql`exists (select 1 from ${submissionDocuments} d where d.submission_id = ${s.id} and d.processing_rule = ${filter.processingRule})`
      : undefined,
    filter.sellerSiren !== undefined ? eq(s.sellerSiren, filter.sellerSiren) : undefined,
    filter.defaultSeller
      ? sql`${s.sellerSiren} = (select d.siren from ${sellers} d where d.tenant_id = ${tenantId} and d.is_default)`
      : undefined,
    filter.createdFrom ? and(gte(s.id, idFloor(filter.createdFrom)), gte(s.createdAt, filter.createdFrom)) : undefined,
    filter.createdBefore
      ? and(lt(s.id, idFloor(new Date(filter.createdBefore.getTime() + 1))), lt(s.createdAt, filter.createdBefore))
      : undefined,
    filter.issuedFrom ? gte(s.issueDate, filter.issuedFrom) : undefined,
    filter.issuedTo ? lte(s.issueDate, filter.issuedTo) : undefined,
    // In byte order like the number index (equality is the same in every deterministic collation).
    filter.number !== undefined ? sql`(${s.number} collate "C") = ${filter.number}` : undefined,
    filter.numberPrefix ? sql`(${s.number} collate "C") like ${likePrefix(filter.numberPrefix)}` : undefined,
    filter.saasId !== undefined ? eq(s.saasId, filter.saasId) : undefined,
    // lower() on both sides: the database's case mapping, the one the index was built with.
    filter.buyerName ? sql`(lower(${s.buyerName}) collate "C") like (lower(${likePrefix(filter.buyerName)}) collate "C")` : undefined,
    filter.buyerSiren !== undefined ? eq(s.buyerSiren, filter.buyerSiren) : undefined,
  )!;
}
