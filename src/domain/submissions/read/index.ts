/**
 * The read side of submissions, the one entry point its callers import: the
 * row shape and its columns, the hot lookup with the latest status (a prepared
 * statement), listing, and plain lookups for the write side and the platform.
 * Every read is scoped to one tenant but `submissionNumber`.
 */
export { findInvoiceBySaasId, findSubmission, submissionNumber } from './find.ts';
export type { SubmissionWithStatus } from './latest-status.ts';
export { getSubmission } from './lookup.ts';
export { type ListQuery, pageSubmissions } from './list.ts';
export {
  buyerColumns,
  detailColumns,
  submissionColumns,
  type SubmissionBuyer,
  type SubmissionDetails,
  type SubmissionRow,
  type SubmissionSummary,
} from './rows.ts';
