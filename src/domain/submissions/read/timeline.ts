/**
 * A submission's processing steps with their times and sources, read from
 * what each stage stored (the submission row, its generated documents, its
 * flow to the PA) rather than from the event log, which has no index by
 * submission (every index slows each write: db/schema.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import type { SubmissionRow } from './rows.ts';

/** One step: the state reached, when, and who moved it there. */
export interface ProcessingStep {
  processingState: SubmissionRow['processingState'];
  at: Date;
  /** `api` (received), `validation` (validated, or rejected by the official artefacts), `platform` (sent, or refused by the PA). */
  source: 'api' | 'validation' | 'platform';
}

/**
 * The steps of the tenant's submission `id`, oldest first; empty for an unknown id. `received` at creation;
 * `validated` when its documents were generated; `sent` when the PA took the flow (the flow row's last
 * change); `rejected` at the row's last change, from the rejection's source.
 */
export async function processingSteps(db: Db, tenantId: string, id: string): Promise<ProcessingStep[]> {
  const [row] = rowsOf<{
    state: SubmissionRow['processingState'];
    created_at: string | Date;
    updated_at: string | Date | null;
    rejected_by: string | null;
    documents_at: string | Date | null;
    flow_at: string | Date | null;
    flow_id: string | null;
  }>(
    await db.execute(sql`
      select s.processing_state::text as state, s.created_at, s.updated_at, s.rejection->>'source' as rejected_by,
          d.created_at as documents_at, f.updated_at as flow_at, f.flow_id
        from submissions s
          left join submission_documents d on d.submission_id = s.id
          left join platform_flows f on f.submission_id = s.id
        where s.id = ${id}::uuid and s.tenant_id = ${tenantId}::uuid`),
  );
  if (!row) return [];
  const steps: ProcessingStep[] = [{ processingState: 'received', at: new Date(row.created_at), source: 'api' }];
  if (row.documents_at) steps.push({ processingState: 'validated', at: new Date(row.documents_at), source: 'validation' });
  if (row.flow_id && row.flow_at && (row.state === 'sent' || row.rejected_by === 'platform')) {
    steps.push({ processingState: 'sent', at: new Date(row.flow_at), source: 'platform' });
  }
  if (row.state === 'rejected') {
    const source = row.rejected_by === 'platform' ? 'platform' : 'validation';
    steps.push({ processingState: 'rejected', at: new Date(row.updated_at ?? row.created_at), source });
  }
  return steps;
}
