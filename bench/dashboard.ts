/**
 * The console's queries on 1,000,000 submissions (PostgreSQL): the dashboard's
 * two statements (its days from the per-day rollup of migration 0028, checked
 * against a count of the rows before measuring), the list's first pages in each order and with each search,
 * and `totalCount`. Seeds `<BENCH_DATABASE_URL's database>_dashboard` once
 * (kept for later runs; `--reseed` rebuilds it), then runs each query
 * `--runs` times (default 200) one after the other and prints p50/p99 in ms,
 * for docs/console.md (whose plans come from EXPLAIN on the same database).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/dashboard.ts
 */
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/db/open.ts';
import { standaloneArgs } from './options.ts';
import { rowsOf } from '../src/db/rows.ts';
import {
  countSubmissions,
  dashboardDays,
  NEWEST_FIRST,
  oldestWaiting,
  pageSubmissions,
  type SubmissionFilter,
  type SubmissionOrder,
} from '../src/domain/submissions/read/index.ts';

const TOTAL = 1_000_000;
/** The tenant measured holds most of the rows (the worst case for one tenant); three others share the rest. */
const BIG_SHARE = 0.85;
const TENANT = '00000000-0000-4000-8000-0000000000b1';
const OTHERS = ['00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-0000000000b3', '00000000-0000-4000-8000-0000000000b4'];
const SELLER = '900123456';
const DAYS = 365;

const { base, url, count: runs } = standaloneArgs('dashboard.ts', '--runs', 200);
const reseed = process.argv.includes('--reseed');
const name = `${url.pathname.slice(1)}_dashboard`;
const admin = postgres(base, { max: 1, onnotice: () => {} });
const exists = (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
if (exists && reseed) await admin.unsafe(`drop database "${name}"`);
if (!exists || reseed) await admin.unsafe(`create database "${name}"`);
await admin.end();
url.pathname = `/${name}`;
const database = await openPostgres(url.toString(), { poolSize: 4 });
await database.migrate();
const db = database.db;

const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from submissions`));
if (Number(n) > 0 && Number(n) < TOTAL) {
  console.error('bench/dashboard.ts: a partly seeded database: run again with --reseed');
  process.exit(2);
}
if (Number(n) === 0) {
  console.log(`seeding ${TOTAL.toLocaleString('en')} submissions…`);
  const started = performance.now();
  for (const [i, id] of [TENANT, ...OTHERS].entries()) {
    await db.execute(sql`insert into tenants (id, name) values (${id}::uuid, ${`bench-${i}`})`);
    await db.execute(sql`insert into sellers (tenant_id, siren, profile, is_default) values (${id}::uuid, ${SELLER}, '{}'::jsonb, true)`);
  }
  // Rows in time order over DAYS days, ids UUIDv7 of their creation time; recent rows still waiting.
  // In slices on a connection of its own, without the pool's statement timeout.
  const seeder = postgres(url.toString(), { max: 1, onnotice: () => {}, connection: { statement_timeout: 0 } });
  const SLICE = 100_000;
  for (let from = 1; from <= TOTAL; from += SLICE) {
    await seeder.unsafe(seedStatement(from, Math.min(TOTAL, from + SLICE - 1)));
  }
  await seeder.unsafe('vacuum analyze submissions');
  await seeder.end();
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The INSERT of the rows `from` to `to` of the seed (constants only: run as simple SQL). */
function seedStatement(from: number, to: number): string {
  return `
    insert into submissions (id, tenant_id, document_type, saas_id, number, seller_siren, processing_state, issue_date,
        body, body_sha256, created_at, total_excl_tax, tax_total, total, currency, due_date, buyer_name, buyer_siren,
        lifecycle_code, lifecycle_occurred_at, updated_at)
    select (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7' || substr(r, 1, 3) || '-8' || substr(r, 4, 3) || '-' || substr(r, 7, 12))::uuid,
        t, case when g % 10 = 0 then 'credit_note'::document_type else 'invoice'::document_type end,
        'saas-' || g, 'FA-' || to_char(at, 'YYYY') || '-' || lpad(g::text, 8, '0'), '${SELLER}',
        st, (at at time zone 'Europe/Paris')::date, '{}', '', at, 10000 + g % 90000, (10000 + g % 90000) / 5,
        (10000 + g % 90000) * 6 / 5, 'EUR', (at at time zone 'Europe/Paris')::date + 30,
        (array['Atelier Martin SAS', 'Boulangerie Dupont', 'Garage du Centre', 'Zoé Client', 'Librairie Colette'])[1 + g % 5] || ' ' || (g % 5000),
        case when g % 3 = 0 then lpad((g % 999999999)::text, 9, '0') end,
        code, case when code is not null then at + interval '1 hour' end, at + interval '1 minute'
      from (
        select g, at, md5(g::text) as r, lpad(to_hex((extract(epoch from at) * 1000)::bigint), 12, '0') as h,
            case when g % 100 < ${Math.round(BIG_SHARE * 100)} then '${TENANT}'::uuid else (array['${OTHERS[0]}'::uuid, '${OTHERS[1]}'::uuid, '${OTHERS[2]}'::uuid])[1 + g % 3] end as t,
            case when at > now() - interval '2 hours' then (array['received', 'validated'])[1 + g % 2]::processing_state
              when g % 20 = 0 then 'rejected'::processing_state else 'sent'::processing_state end as st,
            case when at > now() - interval '2 hours' or g % 20 = 0 then null
              else (array[200, 202, 205, 205, 205, 210, 212, 213, 204, null])[1 + g % 10] end as code
          from (select g, now() - (${DAYS} * interval '1 day') * (1 - g::float8 / ${TOTAL}) as at
                  from generate_series(${from}, ${to}) g) x
      ) y`;
}

// The rollup the seed's inserts kept (or the migration counted) must be the rows' count, key by key, both ways.
const [drift] = rowsOf<{ keys: number }>(
  await db.execute(sql`with r as (
      select tenant_id, day, seller_siren, processing_state, lifecycle_code, count from submission_days where count <> 0
    ), c as (
      select tenant_id, (created_at at time zone 'Europe/Paris')::date as day, coalesce(seller_siren, '') as seller_siren,
          processing_state, coalesce(lifecycle_code, 0)::smallint as lifecycle_code, count(*)::int as count
        from submissions group by 1, 2, 3, 4, 5
    )
    select count(*)::int as keys from ((select * from r except all select * from c) union all (select * from c except all select * from r)) d`),
);
if (Number(drift?.keys) !== 0) {
  console.error(`bench/dashboard.ts: the rollup differs from the rows on ${drift?.keys} keys`);
  process.exit(1);
}

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
const daysAgo = (d: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() - d * 86_400_000));
const order = (field: SubmissionOrder['field'], descending = true): SubmissionOrder => ({ field, descending });
const list =
  (filter: SubmissionFilter, o: SubmissionOrder = NEWEST_FIRST) =>
  () =>
    pageSubmissions(db, TENANT, filter, o, { limit: 21 });

const QUERIES: Array<[string, () => Promise<unknown>]> = [
  ['dashboard days, 30 days', () => dashboardDays(db, TENANT, { from: daysAgo(29), to: today })],
  ['dashboard days, 30 days, one seller', () => dashboardDays(db, TENANT, { from: daysAgo(29), to: today, sellerSiren: SELLER })],
  ['dashboard days, 366 days', () => dashboardDays(db, TENANT, { from: daysAgo(365), to: today })],
  ['dashboard oldest waiting', () => oldestWaiting(db, TENANT)],
  ['list newest first', list({})],
  ['list by issue date asc', list({}, order('issueDate', false))],
  ['list by number desc', list({}, order('number'))],
  ['list number exact', list({ number: 'FA-2026-00500000' })],
  ['list number prefix', list({ numberPrefix: 'FA-2025-0050' })],
  ['list buyer name prefix', list({ buyerName: 'garage du centre 12' })],
  ['list buyer SIREN', list({ buyerSiren: '000300003' })],
  ['list rejected', list({ processingStates: ['rejected'] })],
  ['list lifecycle 213', list({ lifecycleCodes: [213] })],
  ['list created last week', list({ createdFrom: new Date(Date.now() - 7 * 86_400_000) })],
  ['totalCount, no filter (estimated)', () => countSubmissions(db, TENANT, {})],
  ['totalCount, buyer prefix', () => countSubmissions(db, TENANT, { buyerName: 'garage du centre 12' })],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

console.log(
  `${runs} runs each, one at a time, tenant with ${Math.round(TOTAL * BIG_SHARE).toLocaleString('en')} of ${TOTAL.toLocaleString('en')} rows`,
);
for (const [label, run] of QUERIES) {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(38)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(6)} ms`,
  );
}

await database.close();
