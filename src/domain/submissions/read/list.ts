/** Listing a tenant's submissions: filters and a keyset window, each row with its latest status. */
import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { submissions } from '../../../db/schema.ts';
import type { DocumentType } from '../../documents.ts';
import { isUuid } from '../../ids.ts';
import { latestStatusColumn, withLatestStatus, type SubmissionWithStatus } from './latest-status.ts';
import { submissionColumns, type SubmissionRow } from './rows.ts';

/** Filters and a keyset window for listing a tenant's submissions (ids are time-ordered). */
export interface ListQuery {
  documentType?: DocumentType;
  processingState?: SubmissionRow['processingState'];
  /** Only submissions created before the one with this id. */
  olderThan?: string;
  /** Only submissions created after the one with this id. */
  newerThan?: string;
  /** Oldest first instead of newest first (backward pagination). */
  oldestFirst?: boolean;
  limit: number;
}

/**
 * A window of the tenant's submissions; `olderThan`/`newerThan` are submission
 * ids (cursors), and a malformed one gives an empty window. Each row brings its
 * latest status in the same query (a page's rows would otherwise query it one by one).
 */
export async function pageSubmissions(db: Db, tenantId: string, query: ListQuery): Promise<SubmissionWithStatus[]> {
  for (const cursor of [query.olderThan, query.newerThan]) {
    if (cursor !== undefined && !isUuid(cursor)) return [];
  }
  const rows = await db
    .select({ ...submissionColumns, latestStatus: latestStatusColumn })
    .from(submissions)
    .where(
      and(
        eq(submissions.tenantId, tenantId),
        query.documentType ? eq(submissions.documentType, query.documentType) : undefined,
        query.processingState ? eq(submissions.processingState, query.processingState) : undefined,
        query.olderThan ? lt(submissions.id, query.olderThan) : undefined,
        query.newerThan ? gt(submissions.id, query.newerThan) : undefined,
      ),
    )
    .orderBy(query.oldestFirst ? asc(submissions.id) : desc(submissions.id))
    .limit(query.limit);
  return rows.map(withLatestStatus);
}
