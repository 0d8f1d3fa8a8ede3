/** Read side of submissions: lookups and listing, always within one tenant. */
import type { Db } from '../../db/client.ts';
import type { DocumentType } from '../documents.ts';
import { isUuid } from '../ids.ts';
import { findSubmissionWithStatus, type SubmissionWithStatus } from './lookup.ts';
import { listSubmissions, type ListQuery } from './store.ts';

/**
 * The tenant's submission `id`, optionally restricted to one document type.
 * Undefined for an unknown id, a malformed id, or another tenant's id: the
 * three are indistinguishable on purpose (spec § GET, 404).
 */
export async function getSubmission(
  db: Db,
  tenantId: string,
  id: string,
  documentType?: DocumentType,
): Promise<SubmissionWithStatus | undefined> {
  if (!isUuid(id)) return undefined;
  return findSubmissionWithStatus(db, tenantId, id, documentType);
}

/** A window of the tenant's submissions; `olderThan`/`newerThan` are submission ids (cursors). */
export async function pageSubmissions(db: Db, tenantId: string, query: ListQuery): Promise<SubmissionWithStatus[]> {
  for (const cursor of [query.olderThan, query.newerThan]) {
    if (cursor !== undefined && !isUuid(cursor)) return [];
  }
  return listSubmissions(db, tenantId, query);
}
