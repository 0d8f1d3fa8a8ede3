/**
 * A kill -9 between building and acknowledging a 212 Encaissée sends it once (issue 29): `passerelle serve` with
 * PLATFORM=afnor against a fake Flow Service (test/support/flow-fakes.ts) that stores each 212 flow at once; the
 * gateway is killed with SIGKILL while its createFlow waits for the delayed answer, or the instant the PA answered,
 * then restarted. The PA ends with exactly one 212 flow per payment, taken by one createFlow request, and the
 * payment's reporting ends `sent` or `acknowledged`. A third case: a PA that stores the flow only 25 s after the
 * request (never answering it) is searched again over the grace period rather than sent a second 212. Both engines.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { type FakeFlowService, fakePaEnv, type Script, startFakeFlowService } from '../support/flow-fakes.ts';
import { engines } from '../support/gateway.ts';
import { cleanupsAfterEach, kill } from '../support/kill.ts';
import { privateDatabase } from '../support/private-database.ts';
import { printedBearer, spawnServe } from '../support/processes.ts';
import { until } from '../support/until.ts';

const cleanups = cleanupsAfterEach();

/** How the fake treats a 212's first createFlow, and when the test kills the gateway. */
type Case = { name: string; first: Script['replies']; kill: 'stored' | 'answered' };

const CASES: Case[] = [
  // Stored at once, answered a minute later: the gateway dies with its createFlow in flight.
  { name: 'while its createFlow waits for the answer', first: [{ kind: 'accept', delayMs: 60_000 }], kill: 'stored' },
  // Answered at once: the gateway dies before it can commit what the 202 said.
  { name: 'right after the PA answered', first: [{ kind: 'accept' }], kill: 'answered' },
  // Stored 12 s after the request, never answered: the restarted gateway's first search finds nothing yet.
  { name: 'while a PA that commits late has not stored it yet', first: [{ kind: 'accept-late', commitAfterMs: 25_000 }], kill: 'stored' },
];

// Each start spawns a process that loads TypeScript and migrates; the restarted gateway waits out the dead one's lease.
describe.each(engines())('a 212 across a kill -9 on %s', { timeout: 180_000 }, (engine) => {
  it.each(CASES)('is sent once when the gateway is killed $name', async ({ first, kill: when }) => {
    let gateway: ChildProcess | undefined;
    let stored!: () => void;
    const killed = new Promise<void>((resolve) => (stored = resolve));
    const fake: FakeFlowService = await startFakeFlowService({
      scriptFor: (number) => (number.startsWith('212-') ? { replies: first } : undefined),
      // SIGKILL from inside the fake's answer: the 202 is on the wire, the gateway has had no time to commit it.
      onAnswered: (number) => {
        if (when === 'answered' && number.startsWith('212-')) {
          gateway?.kill('SIGKILL');
          stored();
        }
      },
      onCreateFlow: (number) => {
        if (when === 'stored' && number.startsWith('212-')) setTimeout(stored, 300);
      },
    });
    cleanups.push(() => fake.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'passerelle-212-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DATABASE_URL: '', // embedded unless set below, whatever the caller's environment
      ...fakePaEnv(fake, 'fake-secret-of-the-212-kill-test'),
      PA_POLL_INTERVAL_MS: '200',
      PA_LEASE_MS: '5000',
      VALIDATION: 'native',
    };
    const database = await privateDatabase(engine);
    if (database) {
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }
    const serve = () => spawnServe(env, (child) => cleanups.push(() => kill(child)));

    const one = await serve();
    gateway = one.child;
    const client = new Client(one.url, printedBearer(one));
    const accepted = await client.post('/v1/invoices', invoice().unique('kill212').build());
    expect(accepted.status, accepted.text).toBe(202);
    const id = accepted.body.submission_id as string;
    const paid = await client.post(`/v1/invoices/${id}/payments`, { id: 'cash-1', paid_at: '2026-11-25', amount: 1234 });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.reporting).toMatchObject({ channel: 'status_212', state: 'pending' });

    // The invoice goes out first, then the 212; the gateway dies as the case says.
    await Promise.race([
      killed,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no 212 createFlow:\n${one.output()}`)), 90_000)),
    ]);
    await kill(one.child);
    const cdar = () => fake.flows().filter((flow) => flow.flowSyntax === 'CDAR');
    if (when === 'stored' && first?.[0]?.kind !== 'accept-late') expect(cdar()).toHaveLength(1);

    const two = await serve();
    const again = new Client(two.url, client.authorization);
    const reporting = await until(
      async () => (await again.get(`/v1/invoices/${id}/payments`)).body.data?.[0]?.reporting,
      (r) => r?.state === 'acknowledged',
      90_000,
      200,
    );
    expect(reporting, two.output()).toMatchObject({ channel: 'status_212', state: 'acknowledged' });
    // One 212 at the PA, from one createFlow request: nothing was sent twice.
    const flows = cdar();
    expect(flows).toHaveLength(1);
    expect(fake.requests(`212-${flows[0]!.trackingId}`)).toHaveLength(1);
    // And it is in the invoice's history once, as the seller's.
    const statuses = (await again.get(`/v1/invoices/${id}/statuses`)).body.data as Array<{ code: number; source?: string }>;
    expect(statuses.filter((s) => s.code === 212)).toEqual([expect.objectContaining({ source: 'seller' })]);
  });
});
