/**
 * The first start of `passerelle serve` as a user meets it: on PostgreSQL as on the embedded engine, an
 * empty database gets the `dev` tenant, its token (printed once) and the demo seller; instances starting
 * together seed it once; the token is shown only once the port and the database serve.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { runCli, spawnServe } from '../support/processes.ts';
import { createScratchDatabase } from '../support/webhook-gateway.ts';

const NEEDS_POSTGRES = 'needs TEST_DATABASE_URL (a PostgreSQL database to create scratch databases beside)';
const running: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const serve = (env: Record<string, string>) => spawnServe(env, (child) => running.push(child));
const stop = async (child: ChildProcess) => {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
};

/** An empty PostgreSQL database of this test's own, dropped after it. */
async function emptyPostgres(): Promise<string> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  cleanups.push(() => scratch.drop());
  return scratch.url;
}

describe('first start on PostgreSQL', { timeout: 120_000 }, () => {
  it('creates the dev tenant, its token and its demo seller, as the embedded engine does, once', async ({ skip }) => {
    if (!process.env.TEST_DATABASE_URL) skip(NEEDS_POSTGRES);
    const env = { DATABASE_URL: await emptyPostgres() };
    const first = await serve(env);
    const token = /export TOKEN=(\S+)/.exec(first.output())?.[1];
    expect(token, first.output()).toMatch(/^pas_/);
    // A warning at start exactly when the server runs without autovacuum (this machine's PostgreSQL may).
    const sql = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
    const [setting] = await sql<Array<{ autovacuum: string }>>`select current_setting('autovacuum') as autovacuum`;
    await sql.end();
    expect(first.output().includes('PostgreSQL runs with autovacuum off'), first.output()).toBe(setting?.autovacuum === 'off');
    const profile = await fetch(`${first.url}/v1/seller-profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { siren: string }).siren).toBe(DEMO_SELLER_PROFILE.siren);
    await stop(first.child);

    const second = await serve(env);
    expect(second.output()).not.toContain('export TOKEN=');
    await stop(second.child);
    const tenants = await runCli(['tenant', 'list'], env);
    expect(tenants.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('seeds once when two instances start together on one empty database', async ({ skip }) => {
    if (!process.env.TEST_DATABASE_URL) skip(NEEDS_POSTGRES);
    const env = { DATABASE_URL: await emptyPostgres() };
    const both = await Promise.all([serve(env), serve(env)]);
    const printed = both.filter((served) => served.output().includes('export TOKEN='));
    expect(printed).toHaveLength(1);
    expect((await runCli(['token', 'list'], env)).stdout.trim().split('\n')).toHaveLength(1);
    expect((await runCli(['migrate'], env)).code).toBe(0);
  });
});

describe('first start on a busy port', { timeout: 120_000 }, () => {
  it('fails with one clear line and no token, and the retry on a free port shows the token', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => holder.close(() => resolve())));
    const port = (holder.address() as AddressInfo).port;
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'passerelle-busy-')) };

    const busy = await runCli(['serve'], { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`port ${port} is in use`);
    expect(busy.stdout + busy.stderr).not.toContain('TOKEN');

    const retry = await serve(env);
    expect(retry.output()).toMatch(/export TOKEN=pas_/);
    await stop(retry.child);
  });
});
