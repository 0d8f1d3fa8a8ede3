/**
 * The outbox survives a crash: `passerelle serve` with no delivery workers
 * accepts an invoice (its event and the fan-out job commit with it), is killed
 * with SIGKILL before anything is delivered, and after a restart with workers
 * the receiver gets the signed `submission.received`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { engines } from '../support/gateway.ts';
import { spawnServe } from '../support/processes.ts';
import { Receiver } from '../support/receiver.ts';
import { registerEndpoint } from '../support/webhook-api.ts';
import { createScratchDatabase } from '../support/webhook-gateway.ts';

const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const serve = (env: Record<string, string>) =>
  spawnServe({ PLATFORM: 'none', ...env }, (child) => cleanups.push(() => child.kill('SIGKILL')));

// Each start spawns a process; a fresh embedded database takes a few seconds to initialise.
describe.each(engines())('webhooks across a crash on %s', { timeout: 120_000 }, (engine) => {
  it('delivers, after a restart, the event of an invoice accepted just before kill -9', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'passerelle-webhooks-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64'),
      DATABASE_URL: '', // embedded unless set below, whatever the caller's environment
    };
    if (engine === 'postgres') {
      // A database of its own: other gateways on the shared one would take its queue's jobs.
      const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }
    const receiver = await Receiver.start();
    cleanups.push(() => receiver.close());

    // The first start on an empty database (either engine) prints the dev tenant's token; it sells as the demo seller.
    const first = await serve({ ...env, WEBHOOK_WORKERS: '0' });
    const client = new Client(first.url, `Bearer ${/export TOKEN=(\S+)/.exec(first.output())![1]}`);
    await registerEndpoint(client, receiver);
    const reply = await client.post('/v1/invoices', invoice().unique().build());
    expect(reply.status).toBe(202);
    await receiver.expectQuiet(1000); // no workers: accepted, not delivered
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;

    await serve({ ...env, WEBHOOK_WORKERS: '2' });
    const [delivered] = await receiver.waitFor(1, 20_000);
    expect(delivered!.verified, delivered!.verifyError).toBe(true);
    expect(delivered!.payload).toMatchObject({
      type: 'submission.received',
      // The record as it is when delivered: the dev tenant's demo seller profile may have let the pipeline validate it by then.
      data: {
        submission_id: reply.body.submission_id,
        saas_id: reply.body.saas_id,
        processing_state: expect.stringMatching(/^(received|validated)$/),
      },
    });
    await receiver.expectQuiet(1000);
    expect(receiver.requests).toHaveLength(1);
  });
});
