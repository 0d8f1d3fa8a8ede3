/** Listing a tenant's submissions: filters and a keyset window, each row with its latest status. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { keyset, type KeysetWindow } from '../../../db/keyset.ts';
import { submissions } from '../../../db/schema.ts';
import type { DocumentType } from '../../../model/documents.ts';
import { isUuid } from '../../ids.ts';
import { latestStatusColumn, withLatestStatus, type SubmissionWithStatus } from './latest-status.ts';
import { submissionColumns, type SubmissionRow } from './rows.ts';

/** Filters and a keyset window for listing a tenant's submissions (ids are time-ordered). */
export interface ListQuery extends KeysetWindow {
  documentType?: DocumentType;
  processingState?: SubmissionRow['processingState'];
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
  const window = keyset(submissions.id, query);
  const rows = await db
    .select({ ...submissionColumns, latestStatus: latestStatusColumn })
    .from(submissions)
    .where(
      and(
        eq(submissions.tenantId, tenantId),
        query.documentType ? eq(submissions.documentType, query.documentType) : undefined,
        query.processingState ? eq(submissions.processingState, query.processingState) : undefined,
        ...window.conditions,
      ),
    )
    .orderBy(window.order)
    .limit(query.limit);
  return rows.map(withLatestStatus);
}
