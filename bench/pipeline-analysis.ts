/**
 * The pipeline's numbers from the database's own timestamps, read once the
 * runs are over: each document's 202 (`submissions.created_at`, the gateway's
 * clock when it accepted it) and its processing (the `created_at` of its
 * `processing_state_changed` event, written in the transaction that moved it
 * to `validated` or `rejected`). Polling the gateway while it works only
 * tells when to stop waiting; these timestamps give the rates and lags.
 * PostgreSQL is read live; the embedded database once its gateway has
 * stopped (PGlite is single-process).
 */
import { join } from 'node:path';
import postgres from 'postgres';
import type { Processed, Summary } from './pipeline-types.ts';

/** One document of a run: epoch ms of its 202 and of its processing (undefined while still `received`). */
export interface DocumentTimes {
  createdMs: number;
  state: 'received' | 'validated' | 'sent' | 'rejected';
  processedMs: number | undefined;
  /** The rejection record as JSON text, for a rejected document. */
  rejection?: string;
}

/** Read access to the pipeline's database. */
export interface PipelineDatabase {
  /** The documents of `tenant` whose SaaS id starts with `saasPrefix`. */
  documents(tenant: string, saasPrefix: string): Promise<DocumentTimes[]>;
  /** How many of `tenant`'s documents are still `received`. */
  received(tenant: string): Promise<number>;
  close(): Promise<void>;
}

// extract(epoch) keeps the microseconds a Date would cut to milliseconds; the LIKE pattern has no wildcard but its own.
const DOCUMENTS = `
  select (extract(epoch from s.created_at) * 1000)::float8 as created_ms, s.processing_state as state,
         (extract(epoch from e.created_at) * 1000)::float8 as processed_ms,
         case when s.processing_state = 'rejected' then s.rejection::text end as rejection
  from submissions s
  join tenants t on t.id = s.tenant_id
  left join submission_events e
    on e.tenant_id = s.tenant_id and e.submission_id = s.id and e.type = 'processing_state_changed'
  where t.name = $1 and s.saas_id like $2`;
const RECEIVED = `
  select count(*)::int as n from submissions s join tenants t on t.id = s.tenant_id
  where t.name = $1 and s.processing_state = 'received'`;

type Row = { created_ms: number; state: DocumentTimes['state']; processed_ms: number | null; rejection: string | null };

const toTimes = (rows: readonly Row[]): DocumentTimes[] =>
  rows.map((row) => ({
    createdMs: Number(row.created_ms),
    state: row.state,
    processedMs: row.processed_ms === null ? undefined : Number(row.processed_ms),
    ...(row.rejection === null ? {} : { rejection: row.rejection }),
  }));

/** The pipeline database on PostgreSQL (one connection). */
export function postgresDatabase(url: string): PipelineDatabase {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  return {
    async documents(tenant, saasPrefix) {
      return toTimes((await sql.unsafe(DOCUMENTS, [tenant, `${saasPrefix}%`])) as unknown as Row[]);
    },
    async received(tenant) {
      const [row] = (await sql.unsafe(RECEIVED, [tenant])) as unknown as Array<{ n: number }>;
      return Number(row?.n ?? 0);
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/** The embedded database of `dataDir` (`<dataDir>/pglite`, as `openEmbedded` keeps it); no gateway may be running on it. */
export async function embeddedDatabase(dataDir: string): Promise<PipelineDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
  return {
    async documents(tenant, saasPrefix) {
      return toTimes((await db.query<Row>(DOCUMENTS, [tenant, `${saasPrefix}%`])).rows);
    },
    async received(tenant) {
      return Number((await db.query<{ n: number }>(RECEIVED, [tenant])).rows[0]?.n ?? 0);
    },
    close: () => db.close(),
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Nearest-rank percentiles and mean of `values` (ms). */
export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length === 0 ? 0 : round2(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!);
  const mean = sorted.length === 0 ? 0 : round2(sorted.reduce((sum, value) => sum + value, 0) / sorted.length);
  return { count: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), mean };
}

/**
 * The counts, the lags and the rate of validated documents over the time
 * from `fromMs` to the last processing. `fromMs` is the first 202 for a run
 * under offered load, the first processing for a drained backlog.
 */
export function processed(documents: readonly DocumentTimes[], fromMs: number): Processed {
  const done = documents.filter((d) => d.processedMs !== undefined);
  const validated = documents.filter((d) => d.state === 'validated' || d.state === 'sent').length;
  const lastMs = done.reduce((max, d) => Math.max(max, d.processedMs!), fromMs);
  const seconds = (lastMs - fromMs) / 1000;
  return {
    documents: documents.length,
    validated,
    rejected: documents.filter((d) => d.state === 'rejected').length,
    unprocessed: documents.filter((d) => d.state === 'received').length,
    seconds: round2(seconds),
    validatedPerSecond: seconds > 0 ? round2(validated / seconds) : 0,
    lagMs: summarize(done.map((d) => d.processedMs! - d.createdMs)),
  };
}

/**
 * An offered-load run: its documents' rate from the first 202 to the last
 * processing, how many were still waiting when the last one was accepted,
 * and how long they took to drain after it.
 */
export function offeredLoadProcessed(
  documents: readonly DocumentTimes[],
): Processed & { backlogAtEndOfLoad: number; drainSeconds: number } {
  const firstMs = documents.reduce((min, d) => Math.min(min, d.createdMs), Number.POSITIVE_INFINITY);
  const lastAcceptedMs = documents.reduce((max, d) => Math.max(max, d.createdMs), 0);
  const base = processed(documents, Number.isFinite(firstMs) ? firstMs : 0);
  const lastProcessedMs = documents.reduce((max, d) => Math.max(max, d.processedMs ?? 0), 0);
  return {
    ...base,
    backlogAtEndOfLoad: documents.filter((d) => d.processedMs === undefined || d.processedMs > lastAcceptedMs).length,
    drainSeconds: round2(Math.max(0, lastProcessedMs - lastAcceptedMs) / 1000),
  };
}
