/**
 * What the `worker-processes` scenario (`worker-processes.ts`) reads from its PostgreSQL database: how many of a
 * run's documents are still waiting, when each was validated, and whether any was validated or sent twice. The
 * pipeline writes one `processing_state_changed` event per move (`validated`, then `sent` once the PA took the
 * flow), in the transaction that makes the move; the sandbox PA (PLATFORM=sandbox, its state in the same
 * database: `sandbox_pa_flows`) keeps every flow it accepted, with the gateway's submission id as `tracking_id`.
 */
import postgres from 'postgres';
import type { Duplicates } from './worker-processes-types.ts';

/** The documents of `tenant` whose SaaS id starts with the pattern's prefix (`$2`, a LIKE pattern ending in %). */
const RUN = `
  with run as (
    select s.id, s.tenant_id, s.processing_state, s.pipeline_attempts from submissions s
    join tenants t on t.id = s.tenant_id where t.name = $1 and s.saas_id like $2)`;

const STATES = `${RUN} select processing_state as state, count(*)::int as n from run group by processing_state`;

const VALIDATED_TIMES = `${RUN}
  select (extract(epoch from min(e.created_at)) * 1000)::float8 as first_ms,
         (extract(epoch from max(e.created_at)) * 1000)::float8 as last_ms, count(*)::int as n
  from run join submission_events e on e.tenant_id = run.tenant_id and e.submission_id = run.id
  where e.type = 'processing_state_changed' and e.processing_state = 'validated'`;

// Per document: its validated and sent events, the sandbox's flows for it, and its pipeline claims.
const DUPLICATES = `${RUN}, per as (
    select run.id, run.pipeline_attempts,
      (select count(*) from submission_events e where e.tenant_id = run.tenant_id and e.submission_id = run.id
         and e.type = 'processing_state_changed' and e.processing_state = 'validated') as validated,
      (select count(*) from submission_events e where e.tenant_id = run.tenant_id and e.submission_id = run.id
         and e.type = 'processing_state_changed' and e.processing_state = 'sent') as sent,
      (select count(*) from sandbox_pa_flows f where f.tracking_id = run.id::text and f.flow_direction = 'Out') as flows,
      (select coalesce(max(p.attempts), 0) from platform_flows p where p.submission_id = run.id) as sends
    from run)
  select count(*)::int as documents,
    count(*) filter (where validated = 1)::int as validated_once, count(*) filter (where validated > 1)::int as validated_twice,
    count(*) filter (where sent = 1)::int as sent_once, count(*) filter (where sent > 1)::int as sent_twice,
    count(*) filter (where flows = 1)::int as one_flow, count(*) filter (where flows > 1)::int as several_flows,
    count(*) filter (where pipeline_attempts > 1)::int as claimed_again, count(*) filter (where sends > 1)::int as create_flow_again
  from per`;

/** The scenario's database: one connection, read while the gateway and workers run. */
export function workersDatabase(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const args = (tenant: string, saasPrefix: string) => [tenant, `${saasPrefix}%`];
  return {
    /** Documents per processing state. */
    async states(tenant: string, saasPrefix: string): Promise<Record<string, number>> {
      const rows = (await sql.unsafe(STATES, args(tenant, saasPrefix))) as unknown as Array<{ state: string; n: number }>;
      return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
    },
    /** Epoch ms of the first and last `validated` event, and how many there are (undefined times when none). */
    async validatedTimes(tenant: string, saasPrefix: string): Promise<{ firstMs?: number; lastMs?: number; events: number }> {
      const [row] = (await sql.unsafe(VALIDATED_TIMES, args(tenant, saasPrefix))) as unknown as Array<{
        first_ms: number | null;
        last_ms: number | null;
        n: number;
      }>;
      return { firstMs: row?.first_ms ?? undefined, lastMs: row?.last_ms ?? undefined, events: Number(row?.n ?? 0) };
    },
    /** Per document, how often it was validated, sent, taken by the PA, claimed and sent by createFlow. */
    async duplicates(tenant: string, saasPrefix: string): Promise<Duplicates> {
      const [row] = (await sql.unsafe(DUPLICATES, args(tenant, saasPrefix))) as unknown as Array<Record<string, number>>;
      const n = (key: string) => Number(row?.[key] ?? 0);
      return {
        documents: n('documents'),
        validatedOnce: n('validated_once'),
        validatedTwice: n('validated_twice'),
        sentOnce: n('sent_once'),
        sentTwice: n('sent_twice'),
        oneFlow: n('one_flow'),
        severalFlows: n('several_flows'),
        claimedAgain: n('claimed_again'),
        createFlowAgain: n('create_flow_again'),
      };
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

export type WorkersDatabase = ReturnType<typeof workersDatabase>;
