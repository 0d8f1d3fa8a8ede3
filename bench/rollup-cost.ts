/**
 * What the dashboard's per-day rollup (migration 0028: statement triggers on
 * `submissions`, folded at commit) costs the write path, measured on
 * PostgreSQL in the same minutes with its triggers enabled and disabled,
 * rounds alternating which goes first: the submit function
 * (`passerelle_submit_batch`, 64 items), the pipeline's move of a batch
 * (an UPDATE of 64 rows' processing_state), a status on each of 64 documents
 * (one INSERT into lifecycle_statuses, whose 0017 trigger updates them), each
 * in its own transaction on one connection; and submit batches of 16 from 8
 * connections at once on one tenant (every batch's fold meets the same row).
 * Prints p50 per operation, both ways, and their ratio (docs/console.md).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/rollup-cost.ts [--rounds 6]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { openPostgres } from '../src/db/open.ts';
import { standaloneArgs } from './options.ts';
import { prepareDatabase } from './seed.ts';

const { url, count: rounds } = standaloneArgs('rollup-cost.ts', '--rounds', 6);
url.pathname = `${url.pathname}_rollup`;
await prepareDatabase(url.toString());
const database = await openPostgres(url.toString(), { poolSize: 2 });
await database.migrate();
await database.close();

const sql = postgres(url.toString(), { max: 8, onnotice: () => {} });
const TENANT = randomUUID();
const SELLER = '900123456';
await sql`insert into tenants (id, name) values (${TENANT}, 'rollup-cost')`;
await sql`insert into sellers (tenant_id, siren, profile, is_default) values (${TENANT}, ${SELLER}, '{}'::jsonb, true)`;
const TRIGGERS = ['submissions_days_inserted', 'submissions_days_updated', 'submissions_days_deleted'];

async function rollup(on: boolean): Promise<void> {
  for (const name of TRIGGERS) await sql.unsafe(`alter table submissions ${on ? 'enable' : 'disable'} trigger ${name}`);
}

/** A batch of `n` new submissions as the submit path sends it (items as JSON, bodies apart); their ids. */
function batch(n: number): { items: string; bodies: string; ids: string[] } {
  const ids: string[] = [];
  const items = Array.from({ length: n }, () => {
    const id = randomUUID();
    ids.push(id);
    return {
      id,
      tenant_id: TENANT,
      document_type: 'invoice',
      saas_id: `s-${id}`,
      number: `F-${id}`,
      seller_siren: SELLER,
      issue_date: '2026-11-27',
      body_sha256: id,
      created_at: new Date().toISOString(),
      key: `k-${id}`,
      request_hash: `invoice:${id}`,
      summary: { total: 12000, tax_total: 2000, total_excl_tax: 10000, currency: 'EUR', buyer_name: 'Atelier Martin' },
    };
  });
  return { items: JSON.stringify(items), bodies: ids.map((id) => `{"id":"${id}","lines":[]}`).join('\x1e'), ids };
}

const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

type Op = 'submit 64' | 'state change 64' | 'status on 64' | '8 × submit 16, concurrent';
const times: Record<'on' | 'off', Record<Op, number[]>> = {
  on: { 'submit 64': [], 'state change 64': [], 'status on 64': [], '8 × submit 16, concurrent': [] },
  off: { 'submit 64': [], 'state change 64': [], 'status on 64': [], '8 × submit 16, concurrent': [] },
};

async function round(mode: 'on' | 'off'): Promise<void> {
  await rollup(mode === 'on');
  const t = times[mode];
  for (let i = 0; i < 10; i++) {
    const b = batch(64);
    t['submit 64'].push(await timed(() => sql`select * from passerelle_submit_batch(${b.items}::text::json, ${b.bodies})`));
    t['state change 64'].push(
      await timed(() => sql`update submissions set processing_state = 'validated' where id = any(${b.ids}::uuid[])`),
    );
    t['status on 64'].push(
      await timed(
        () => sql`insert into lifecycle_statuses (submission_id, code, occurred_at)
          select unnest(${b.ids}::uuid[]), 200, now()`,
      ),
    );
  }
  for (let i = 0; i < 5; i++) {
    t['8 × submit 16, concurrent'].push(
      await timed(() =>
        Promise.all(
          Array.from({ length: 8 }, () => {
            const b = batch(16);
            return sql`select * from passerelle_submit_batch(${b.items}::text::json, ${b.bodies})`;
          }),
        ),
      ),
    );
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (let r = 0; r < rounds; r++) {
  for (const mode of r % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) await round(mode);
}
await rollup(true);
console.log(`${rounds} rounds, p50 ms per transaction (rollup triggers disabled → enabled), ratio enabled / disabled`);
for (const op of Object.keys(times.on) as Op[]) {
  const off = median(times.off[op]);
  const on = median(times.on[op]);
  console.log(`  ${op.padEnd(28)} ${off.toFixed(2).padStart(7)} → ${on.toFixed(2).padStart(7)}   × ${(on / off).toFixed(2)}`);
}
await sql.end();
