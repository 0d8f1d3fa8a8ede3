/**
 * After a kill -9, another instance processes what the dead one had claimed within seconds, not two minutes: the
 * pipeline's claims are renewed short leases (PA_LEASE_MS, 20 s; src/db/row-leases.ts). Two `passerelle serve` on
 * one PostgreSQL database (PLATFORM=afnor against test/support/flow-fakes.ts, and a Directory Service of this file
 * whose first lookup is never answered): the instance that claims the document is held mid-processing in its buyer's
 * directory lookup and killed with SIGKILL. The survivor validates the document within 30 s of the kill, once: one
 * `validated` event, two claims in all. PostgreSQL only (PGlite is one process): runs when TEST_DATABASE_URL is set.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { fakePaEnv, startFakeFlowService } from '../support/flow-fakes.ts';
import { cleanupsAfterEach, crashCluster, kill } from '../support/kill.ts';
import { printedBearer } from '../support/processes.ts';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
/** The bound asked for: the default lease (20 s) plus a poll of the pipeline (1 s) and slack for a loaded machine. */
const TAKEOVER_MS = 30_000;

const cleanups = cleanupsAfterEach();

/**
 * A Directory Service per instance (`<url>/<name>/directory-service`) that never answers the first company lookup it
 * gets, whoever asks (the request stays open: that instance is held mid-processing), and knows no company after.
 */
async function startHangingDirectory() {
  const lookups: string[] = [];
  const held = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const asked = /^\/([^/]+)\/directory-service\/v1\/siren\//.exec(req.url ?? '');
    if (!asked) return void res.writeHead(404).end();
    lookups.push(asked[1]!);
    if (lookups.length === 1) return void held.add(res);
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ errorCode: 'NOT_FOUND' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlFor: (name: string) => `http://127.0.0.1:${port}/${name}/directory-service`,
    /** The names of the instances that asked, in order. */
    lookups: () => [...lookups],
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!DATABASE_URL)('the pipeline across a kill -9 (needs TEST_DATABASE_URL)', { timeout: 180_000 }, () => {
  it('a survivor validates what a killed instance was processing within 30 s, once', async () => {
    const fake = await startFakeFlowService({});
    cleanups.push(() => fake.close());
    const directory = await startHangingDirectory();
    cleanups.push(() => directory.close());
    const afnor = { ...fakePaEnv(fake, 'fake-secret-of-the-pipeline-kill-test'), VALIDATION: 'native' };
    const { sql, serve: spawn } = await crashCluster(cleanups, 'pipeline-kill', afnor);
    const serve = (name: string) => spawn(name, { PA_DIRECTORY_URL: directory.urlFor(name) });
    // The first start on the empty database migrates it and prints the dev tenant's token.
    const instances = { one: await serve('one'), two: await serve('two') };
    const token = printedBearer(instances.one);
    const accepted = await new Client(instances.one.url, token).post('/v1/invoices', invoice().unique('pipeline-kill').build());
    expect(accepted.status, accepted.text).toBe(202);
    const id = accepted.body.submission_id as string;
    // The instance that claimed the document is processing it: its buyer's lookup waits for an answer that never comes.
    await expect.poll(() => directory.lookups().length, { timeout: 30_000, interval: 20 }).toBe(1);
    const victimName = directory.lookups()[0] as keyof typeof instances;
    const survivorName = victimName === 'one' ? 'two' : 'one';
    const victim = instances[victimName];
    const survivor = instances[survivorName];

    const [claim] = await sql<{ attempts: number; lease_left_ms: number }[]>`
      select pipeline_attempts as attempts, extract(epoch from pipeline_next_at - now()) * 1000 as lease_left_ms
        from submissions where id = ${id}`;
    expect(claim!.attempts).toBe(1);
    expect(Number(claim!.lease_left_ms)).toBeLessThanOrEqual(20_000);
    const start = Date.now();
    await kill(victim.child);

    const client = new Client(survivor.url, token);
    const state = async () => (await client.get(`/v1/invoices/${id}`)).body.processing_state;
    await expect.poll(state, { timeout: TAKEOVER_MS, interval: 250 }).toBe('validated');
    expect(Date.now() - start).toBeLessThan(TAKEOVER_MS);
    expect(directory.lookups()).toEqual([victimName, survivorName]);
    const [row] = await sql<{ attempts: number }[]>`select pipeline_attempts as attempts from submissions where id = ${id}`;
    expect(row!.attempts).toBe(2);
    const events = await sql<{ state: string }[]>`
      select processing_state as state from submission_events where submission_id = ${id} and type = 'processing_state_changed'`;
    expect(events.map((event) => event.state)).toEqual(['validated']);
  });
});
