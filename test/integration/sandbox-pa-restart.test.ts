/**
 * The gateway's sandbox PA survives kill -9 (issue 25, item 4), on each engine: `passerelle serve` (PLATFORM=sandbox)
 * sends an invoice to its sandbox, is killed partway through the sandbox's lifecycle script, and after a restart on
 * the same data directory or database the remaining statuses arrive, each once, in order; the restart logs
 * "sandbox PA: resumed 1 flows". The statuses come back once the dead instance's status-poller lease ran out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { engines } from '../support/gateway.ts';
import { printedBearer, spawnServe } from '../support/processes.ts';
import { createScratchDatabase } from '../support/webhook-gateway.ts';
import { openEmbedded, openPostgres } from '../../src/db/open.ts';

const STEP_MS = 1500;
const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const serve = (env: Record<string, string>) =>
  // Native validation: the official artefacts' start (a JVM or SaxonJS) is not what this test is about.
  spawnServe({ PLATFORM: 'sandbox', VALIDATION: 'native', SIMULATED_PLATFORM_STEP_MS: String(STEP_MS), ...env }, (child) =>
    cleanups.push(() => child.kill('SIGKILL')),
  );

/** The codes of the document's lifecycle statuses, oldest first, once `done` holds or after `waitMs`. */
async function codes(client: Client, id: string, done: (codes: number[]) => boolean, waitMs: number): Promise<number[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const reply = await client.get(`/v1/invoices/${id}/statuses`);
    expect(reply.status).toBe(200);
    const found = (reply.body.data as Array<{ code: number }>).map((entry) => entry.code);
    if (done(found) || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(engines())('the sandbox PA across a gateway crash on %s', { timeout: 360_000 }, (engine) => {
  it('resumes the lifecycle script after kill -9: the remaining statuses arrive once each, in order', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'passerelle-sandbox-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
    if (engine === 'postgres') {
      const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }
    const first = await serve(env);
    const client = new Client(first.url, printedBearer(first));
    const reply = await client.post('/v1/invoices', invoice().unique().build());
    expect(reply.status).toBe(202);
    const id = reply.body.submission_id as string;
    const before = await codes(client, id, (found) => found.length >= 2, 90_000);
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.length).toBeLessThan(6); // killed partway through the script
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;

    const second = await serve(env);
    const restarted = new Client(second.url, client.authorization);
    // The killed instance's status-poller lease (src/platform/inbound/status-poller.ts, 120 s) runs out first.
    const after = await codes(restarted, id, (found) => found.length >= 6, 170_000);
    expect(after, second.output()).toEqual([200, 201, 202, 203, 204, 205]);
    // Nothing more: no status played twice once the script is over.
    await new Promise((resolve) => setTimeout(resolve, 2 * STEP_MS + 1500));
    expect(await codes(restarted, id, () => true, 0)).toEqual([200, 201, 202, 203, 204, 205]);
    expect(second.output()).toMatch(/sandbox PA: resumed 1 flows/);
    expect(first.output()).toMatch(/sandbox PA: resumed 0 flows/);

    // The sandbox's own record: six status flows for the one invoice, none played twice, no script left.
    const stopped = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGKILL');
    await stopped;
    const database = engine === 'postgres' ? await openPostgres(env.DATABASE_URL!) : await openEmbedded({ dataDir });
    try {
      const flows = await database.executeSql(
        "SELECT count(*)::int AS n FROM sandbox_pa_flows WHERE flow_direction = 'In' AND flow_type = 'CustomerInvoiceLC'",
      );
      expect(flows.rows[0].n).toBe(6);
      expect((await database.executeSql('SELECT count(*)::int AS n FROM sandbox_pa_scripts')).rows[0].n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
