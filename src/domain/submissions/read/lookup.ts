/**
 * The hot read: one submission of a tenant with its latest lifecycle status,
 * in one query, as a prepared statement built once per database (a lookup
 * runs on every GET; building the query each time cost as much as running it).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { preparedPerDatabase } from '../../../db/prepared.ts';
import { submissions } from '../../../db/schema.ts';
import type { DocumentType } from '../../../model/documents.ts';
import { isUuid } from '../../ids.ts';
import { latestStatusColumn as latestStatus, withLatestStatus, type SubmissionWithStatus } from './latest-status.ts';
import { detailColumns, submissionColumns, type SubmissionDetails } from './rows.ts';

function prepare(db: Db, withType: boolean) {
  return db
    .select({ ...submissionColumns, ...detailColumns, latestStatus })
    .from(submissions)
    .where(
      and(
        eq(submissions.id, sql.placeholder('id')),
        eq(submissions.tenantId, sql.placeholder('tenantId')),
        withType ? eq(submissions.documentType, sql.placeholder('documentType')) : undefined,
      ),
    )
    .prepare(withType ? 'find_submission_of_type' : 'find_submission');
}

const statements = preparedPerDatabase((db) => ({ any: prepare(db, false), typed: prepare(db, true) }));

/**
 * The tenant's submission `id`, optionally restricted to one document type,
 * with its details and latest status. Undefined for an unknown id, a malformed id (not a
 * UUID), or another tenant's id: the three are indistinguishable on purpose
 * (spec § GET, 404).
 */
export async function getSubmission(
  db: Db,
  tenantId: string,
  id: string,
  documentType?: DocumentType,
): Promise<(SubmissionWithStatus & SubmissionDetails) | undefined> {
  if (!isUuid(id)) return undefined;
  const { any, typed } = statements(db);
  const [row] = documentType ? await typed.execute({ id, tenantId, documentType }) : await any.execute({ id, tenantId });
  return row && withLatestStatus(row);
}
