/**
 * The drains of the default-configuration scenario (`default-config.ts`):
 * documents POSTed at once (the bounded batch), and the wait, sampled from
 * the database every second, until every document of a run is `sent` with
 * its six scripted statuses recorded (or `rejected`), or a cap is hit; then
 * the drain's time, rates, and, when capped, the whole backlog's
 * extrapolated time. PostgreSQL only: the harness reads the database while
 * the gateway runs.
 */
import postgres from 'postgres';
import { type BatchDrain, type Drain, type DrainSample, SCRIPTED_CODES } from './default-config-types.ts';
import { measureUsage } from './default-config-usage.ts';
import { identity, restInvoiceTemplate } from './invoices.ts';
import { log } from './processes.ts';

const SAMPLE_MS = 1000;

// One statement per sample: the run's documents by state, their statuses, and those sent with every scripted code.
const SAMPLE = `
  with mine as (
    select s.id, s.processing_state from submissions s join tenants t on t.id = s.tenant_id
    where t.name = $1 and s.saas_id like $2
  ), scripted as (
    select l.submission_id from lifecycle_statuses l join mine m on m.id = l.submission_id
    where m.processing_state = 'sent' and l.code = any($3::int[])
    group by l.submission_id having count(distinct l.code) = ${SCRIPTED_CODES.length}
  )
  select
    (select count(*) from mine where processing_state = 'received')::int as received,
    (select count(*) from mine where processing_state = 'validated')::int as validated,
    (select count(*) from mine where processing_state = 'sent')::int as sent,
    (select count(*) from mine where processing_state = 'rejected')::int as rejected,
    (select count(*) from lifecycle_statuses l join mine m on m.id = l.submission_id)::int as statuses,
    (select count(*) from scripted)::int as complete,
    (select count(*) from platform_inbound_problems)::int as inbound_problems`;
const REJECTIONS = `
  select s.rejection::text as rejection from submissions s join tenants t on t.id = s.tenant_id
  where t.name = $1 and s.saas_id like $2 and s.processing_state = 'rejected' limit 3`;

/** Reads a run's documents (tenant name, SaaS id prefix) from the gateway's PostgreSQL database. */
export interface DrainDatabase {
  sample(tenant: string, saasPrefix: string): Promise<Omit<DrainSample, 't'> & { inboundProblems: number }>;
  rejections(tenant: string, saasPrefix: string): Promise<string[]>;
  close(): Promise<void>;
}

/** One connection to `url`. */
export function drainDatabase(url: string): DrainDatabase {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  return {
    async sample(tenant, saasPrefix) {
      const [row] = (await sql.unsafe(SAMPLE, [tenant, `${saasPrefix}%`, [...SCRIPTED_CODES]])) as unknown as Array<Record<string, number>>;
      const n = (key: string) => Number(row?.[key] ?? 0);
      return {
        received: n('received'),
        validated: n('validated'),
        sent: n('sent'),
        rejected: n('rejected'),
        statuses: n('statuses'),
        complete: n('complete'),
        inboundProblems: n('inbound_problems'),
      };
    },
    async rejections(tenant, saasPrefix) {
      const rows = (await sql.unsafe(REJECTIONS, [tenant, `${saasPrefix}%`])) as unknown as Array<{ rejection: string }>;
      return rows.map((row) => row.rejection.slice(0, 300));
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * POSTs `count` invoices (SaaS ids `<prefix>-<n>`) over `connections`
 * concurrent requests; resolves once all are answered 202.
 * @throws on the first reply that is not 202 (the batch would not be what the report says).
 */
export async function submitBatch(baseUrl: string, token: string, prefix: string, count: number, connections: number): Promise<void> {
  const body = restInvoiceTemplate();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const doc = identity(prefix, next++);
      const reply = await fetch(`${baseUrl}/v1/invoices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': doc.key },
        body: body(doc.id, doc.number),
      });
      const text = await reply.text();
      if (reply.status !== 202) throw new Error(`POST /v1/invoices: expected 202, got ${reply.status}: ${text.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, count) }, worker));
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** What a drain watches. `origin` is `performance.now()` at the drain's start; `documents` undefined: counted once the first sample is in. */
export interface DrainTarget {
  db: DrainDatabase;
  tenant: string;
  saasPrefix: string;
  label: string;
  origin: number;
  capSeconds: number;
  gatewayPid: number;
  /** Known up front (the batch); otherwise every document of the prefix, counted at each sample. */
  documents?: number;
  /** Checked every second: true ends the watch early (the batch's POSTs failed). */
  abandoned?: () => boolean;
}

/**
 * Samples every second until every document is complete or rejected (and, with `documents` given, all of them
 * exist), or `capSeconds` after the origin. Never throws for a slow drain: a capped one says so.
 */
export async function watchDrain(target: DrainTarget): Promise<Drain> {
  const { db, tenant, saasPrefix, origin, capSeconds } = target;
  const usage = measureUsage(target.gatewayPid);
  const all: DrainSample[] = [];
  let inboundAtStart: number | undefined;
  let inboundProblems = 0;
  let allSentSeconds: number | undefined;
  let allDoneSeconds: number | undefined;
  let lastLog = performance.now();
  for (;;) {
    const { inboundProblems: inbound, ...counts } = await db.sample(tenant, saasPrefix);
    const sample: DrainSample = { t: round2((performance.now() - origin) / 1000), ...counts };
    all.push(sample);
    inboundAtStart ??= inbound;
    inboundProblems = inbound - inboundAtStart;
    const total = sample.received + sample.validated + sample.sent + sample.rejected;
    const documents = target.documents ?? total;
    if (total >= documents && sample.received + sample.validated === 0) allSentSeconds ??= sample.t;
    if (total >= documents && sample.complete + sample.rejected >= documents) {
      allDoneSeconds = sample.t;
      break;
    }
    if (sample.t >= capSeconds || target.abandoned?.()) break;
    if (performance.now() - lastLog >= 30_000) {
      lastLog = performance.now();
      log(`${target.label}: ${sample.complete + sample.rejected} of ${documents} done, ${sample.sent} sent, at ${sample.t.toFixed(0)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, SAMPLE_MS - ((performance.now() - origin) % SAMPLE_MS))));
  }
  const first = all[0]!;
  const last = all[all.length - 1]!;
  const documents = target.documents ?? last.received + last.validated + last.sent + last.rejected;
  const finished = allDoneSeconds !== undefined;
  // Finished: the whole drain. Capped: its second half, past the start-up (a status trails its sending by 6 steps and a poll).
  const from = finished ? first : (all.find((s) => s.t >= last.t / 2) ?? first);
  const span = last.t - from.t;
  const rate = (pick: (s: DrainSample) => number) => (span > 0 ? round2((pick(last) - pick(from)) / span) : 0);
  const doneRate = rate((s) => s.complete + s.rejected);
  const remaining = documents - last.complete - last.rejected;
  return {
    documents,
    capSeconds,
    seconds: last.t,
    finished,
    first,
    last,
    allSentSeconds,
    allDoneSeconds,
    doneRate,
    sentRate: rate((s) => s.sent + s.rejected),
    extrapolatedSeconds: finished || doneRate <= 0 ? undefined : Math.round(last.t + remaining / doneRate),
    samples: all.filter((s, i) => i % 10 === 0 || s === last),
    usage: usage(),
    inboundProblems,
    rejectionSamples: last.rejected > 0 ? await db.rejections(tenant, saasPrefix) : [],
  };
}

/** Submits a batch of `documents` at once and watches it drain from its first POST. */
export async function batchDrain(
  target: Omit<DrainTarget, 'origin' | 'documents'>,
  submit: () => Promise<void>,
  documents: number,
): Promise<BatchDrain> {
  const origin = performance.now();
  let submitSeconds = 0;
  let failed: unknown;
  const submitted = submit().then(
    () => (submitSeconds = round2((performance.now() - origin) / 1000)),
    (error: unknown) => (failed = error),
  );
  const drain = await watchDrain({ ...target, origin, documents, abandoned: () => failed !== undefined });
  await submitted;
  if (failed) throw failed;
  return { ...drain, submitSeconds };
}
