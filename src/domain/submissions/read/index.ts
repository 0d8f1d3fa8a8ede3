/**
 * The read side of submissions, the one entry point its callers import: the
 * row shape and its columns, the hot lookup with the latest status (a prepared
 * statement), listing (filters, orders, keyset cursors, counts), the dashboard's figures, and plain lookups for the write side and the platform.
 * Every read is scoped to one tenant but `submissionNumber`.
 */
export { findDocument, findRejection, findValidation, type GeneratedDocuments, type Rejection } from './documents.ts';
export { findInvoiceBySaasId, findSubmission, submissionNumber } from './find.ts';
export type { SubmissionWithStatus } from './latest-status.ts';
export { getSubmission } from './lookup.ts';
export { countSubmissions, EXACT_COUNT_LIMIT, type SubmissionCount } from './count.ts';
export { cursorOf, NEWEST_FIRST, positionOf, type Position, type SubmissionOrder, type SubmissionOrderField } from './cursor.ts';
export {
  DASHBOARD_MAX_DAYS,
  dashboardDays,
  daysOf,
  type DashboardDay,
  type DashboardQuery,
  oldestWaiting,
  type OldestWaiting,
  WAITING_STATES,
} from './dashboard.ts';
export type { ProcessingRule, SubmissionFilter } from './filter.ts';
export { type ListedSubmission, type ListWindow, pageSubmissions } from './list.ts';
export {
  buyerColumns,
  detailColumns,
  submissionColumns,
  type SubmissionBuyer,
  type SubmissionDetails,
  type SubmissionRow,
  type SubmissionSummary,
} from './rows.ts';
export { submissionBody, submissionDetails } from './details.ts';
export { type ProcessingStep, processingSteps } from './timeline.ts';
