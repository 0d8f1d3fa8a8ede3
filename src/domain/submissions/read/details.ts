/**
 * A submission's details (summary, latest lifecycle code, last change) for
 * rows that came without them (events, mutation results), many at once; and
 * its body, the document as submitted, read only when asked for.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { submissions } from '../../../db/schema.ts';
import { detailColumns, type SubmissionDetails } from './rows.ts';

/** The details of the tenant's submissions `ids`, in the order of `ids` (undefined for an id it does not have). */
export async function submissionDetails(db: Db, tenantId: string, ids: readonly string[]): Promise<Array<SubmissionDetails | undefined>> {
  const rows = await db
    .select({ id: submissions.id, ...detailColumns })
    .from(submissions)
    .where(and(eq(submissions.tenantId, tenantId), inArray(submissions.id, [...ids])));
  const byId = new Map(rows.map(({ id, ...details }) => [id, details]));
  return ids.map((id) => byId.get(id));
}

/** The body of the tenant's submission `id` exactly as received (JSON text); undefined when it has none such. */
export async function submissionBody(db: Db, tenantId: string, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ body: submissions.body })
    .from(submissions)
    .where(and(eq(submissions.id, id), eq(submissions.tenantId, tenantId)));
  return row?.body;
}
