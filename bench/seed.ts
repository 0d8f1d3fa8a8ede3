/**
 * Data the scenarios need before they start: the PostgreSQL database itself,
 * submissions for the GET scenarios to cycle over, and one submission with
 * ten lifecycle statuses. Seeding goes through the servers' own POST, except
 * the statuses: no endpoint records them yet, so they are inserted into
 * `lifecycle_statuses` directly.
 */
import { join } from 'node:path';
import postgres from 'postgres';
import { SUBMISSION_WITH_STATUSES, graphqlInvoiceTemplate, identity, restInvoiceTemplate } from './invoices.ts';

/** How many statuses the statuses scenarios read. */
export const STATUS_COUNT = 10;

/**
 * Makes sure the database of `url` exists, connecting to the `postgres`
 * database of the same server to create it. A database whose name starts
 * with `bench` is the benchmark's own: it is dropped and created afresh, so
 * every run starts from empty tables (comparable runs, bounded disk). Any
 * other database is used as it is, never dropped.
 */
export async function prepareDatabase(url: string): Promise<{ fresh: boolean }> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('BENCH_DATABASE_URL must name a database, e.g. postgres://postgres@127.0.0.1:5432/bench');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    const fresh = name.startsWith('bench');
    if (fresh) await sql`drop database if exists ${sql(name)} with (force)`;
    const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
    if (!exists) await sql`create database ${sql(name)}`;
    return { fresh };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function expectOk(reply: Response, status: number, what: string): Promise<string> {
  const text = await reply.text();
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status}: ${text.slice(0, 500)}`);
  return text;
}

/**
 * Submits `count` distinct invoices to `baseUrl` (gateway or floor) over
 * REST, eight at a time; resolves with their submission ids in order.
 */
export async function seedInvoices(baseUrl: string, token: string, count: number, prefix: string): Promise<string[]> {
  const body = restInvoiceTemplate();
  const ids: string[] = new Array<string>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const doc = identity(prefix, n);
      const reply = await fetch(`${baseUrl}/v1/invoices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': doc.key },
        body: body(doc.id, doc.number),
      });
      ids[n] = (JSON.parse(await expectOk(reply, 202, `seeding POST ${baseUrl}/v1/invoices`)) as { submission_id: string }).submission_id;
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, count) }, worker));
  return ids;
}

/** The INSERT of `STATUS_COUNT` statuses (codes 200, 201, …, one minute apart) for one submission. */
function statusInsert(submissionId: string): { text: string; params: unknown[] } {
  const rows: string[] = [];
  const params: unknown[] = [submissionId];
  const start = Date.parse('2026-01-05T09:00:00Z');
  for (let i = 0; i < STATUS_COUNT; i++) {
    params.push(200 + i, new Date(start + i * 60_000).toISOString());
    rows.push(`($1, $${params.length - 1}, $${params.length})`);
  }
  return { text: `insert into lifecycle_statuses (submission_id, code, occurred_at) values ${rows.join(', ')}`, params };
}

/** Inserts the statuses on PostgreSQL (the gateway may be running: it is a client like any other). */
export async function insertStatusesPostgres(url: string, submissionId: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const { text, params } = statusInsert(submissionId);
    await sql.unsafe(text, params as string[]);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Inserts the statuses into an embedded data directory. The gateway must be
 * stopped: PGlite is single-process. `<dataDir>/pglite` is where
 * `openEmbedded` keeps the database.
 */
export async function insertStatusesEmbedded(dataDir: string, submissionId: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
  try {
    const { text, params } = statusInsert(submissionId);
    await db.query(text, params);
  } finally {
    await db.close();
  }
}

/** How many statuses `GET /v1/invoices/{id}/statuses` returns for `submissionId`. */
export async function countStatuses(baseUrl: string, token: string, submissionId: string): Promise<number> {
  const reply = await fetch(`${baseUrl}/v1/invoices/${submissionId}/statuses`, { headers: { authorization: `Bearer ${token}` } });
  return (JSON.parse(await expectOk(reply, 200, 'GET statuses')) as { data: unknown[] }).data.length;
}

/**
 * Checks, once, what the load generator only skims under load: the statuses
 * endpoint and the GraphQL lookup return the seeded statuses (at least
 * `STATUS_COUNT`: the gateway may add its own, e.g. from its simulated
 * platform), and a GraphQL submission of the benchmark's document is
 * accepted. A harness that measures failures would be worse than none.
 * Resolves with the number of statuses seen over REST.
 */
export async function preflightGateway(baseUrl: string, token: string, submissionId: string, prefix: string): Promise<number> {
  const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const count = await countStatuses(baseUrl, token, submissionId);
  if (count < STATUS_COUNT) throw new Error(`GET statuses: expected ${STATUS_COUNT} entries, got ${count}`);

  const lookup = JSON.parse(
    await expectOk(
      await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ query: SUBMISSION_WITH_STATUSES, variables: { id: submissionId } }),
      }),
      200,
      'GraphQL submission',
    ),
  ) as { data?: { submission?: { statuses: unknown[] } }; errors?: unknown };
  if (lookup.errors || (lookup.data?.submission?.statuses.length ?? 0) < STATUS_COUNT) {
    throw new Error(`GraphQL submission: expected ${STATUS_COUNT} statuses, got ${JSON.stringify(lookup).slice(0, 500)}`);
  }

  const doc = identity(`${prefix}-preflight`, 0);
  const submitted = JSON.parse(
    await expectOk(
      await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: json, body: graphqlInvoiceTemplate()(doc.id, doc.number, doc.key) }),
      200,
      'GraphQL submitInvoice',
    ),
  ) as { data?: { submitInvoice?: { __typename: string } } };
  if (submitted.data?.submitInvoice?.__typename !== 'SubmissionAccepted') {
    throw new Error(`GraphQL submitInvoice: not accepted: ${JSON.stringify(submitted).slice(0, 500)}`);
  }
  return count;
}
