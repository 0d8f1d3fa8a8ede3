/**
 * API and worker instances on one PostgreSQL database (issue 31, docs/operations.md): an API instance
 * (`serve` with WORKERS=off: `workers: false`) accepts documents and leaves them `received`; two worker
 * instances (`passerelle worker`: App.startWorker, no listener) validate them, each document once.
 * PostgreSQL only: runs when TEST_DATABASE_URL is set.
 */
import { readFileSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/app.ts';
import type { App } from '../../src/app/app.ts';
import type { Database } from '../../src/db/client.ts';
import { directoryEntries, submissions } from '../../src/db/schema.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { openTestDatabase, startGateway, type Gateway } from '../support/gateway.ts';
import { processed } from '../support/pipeline.ts';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const invoice = JSON.parse(readFileSync(new URL('../../examples/fr-b2b-invoice.json', import.meta.url), 'utf8'));

describe.skipIf(!DATABASE_URL)('an API instance and two worker instances on one database', { timeout: 120_000 }, () => {
  let api: Gateway;
  const workers: Array<{ app: App; database: Database }> = [];

  beforeAll(async () => {
    api = await startGateway('postgres', { pipeline: false });
  });
  afterAll(async () => {
    for (const { app, database } of workers) {
      await app.stop();
      await database.close();
    }
    await api?.stop();
  });

  it('the API leaves documents received; the workers validate each once, with no HTTP listener', async () => {
    const client = await api.tenant();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const reply = await client.post('/v1/invoices', { ...invoice, id: `inv_wrk_${Date.now()}_${i}`, number: `WRK-${Date.now()}-${i}` });
      expect(reply.status).toBe(202);
      ids.push(reply.body.id ?? reply.body.submission_id);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await client.get(`/v1/invoices/${ids[0]}`)).body).toMatchObject({ processing_state: 'received' });

    for (let w = 0; w < 2; w++) {
      const database = await openTestDatabase('postgres');
      const app = buildApp({
        db: database,
        log: createLogger('silent'),
        platform: { kind: 'none' },
        workers: true,
        webhooks: { workers: 0 },
      });
      workers.push({ app, database });
      expect(await app.startWorker()).toBeUndefined();
      expect(app.server.listening).toBe(false);
    }
    for (const id of ids) expect(await processed(client, `/v1/invoices/${id}`)).toMatchObject({ processing_state: 'validated' });
    const rows = await api.database.db
      .select({ id: submissions.id, attempts: submissions.pipelineAttempts })
      .from(submissions)
      .where(inArray(submissions.id, ids));
    expect(rows.map((row) => row.attempts)).toEqual(ids.map(() => 1));
  });

  it('a worker with the sandbox PA and its directory (the default platform) validates and sends', async () => {
    // The other test's workers (no PA) would take the document: stopped first, so only the sandbox worker runs.
    for (const { app, database } of workers.splice(0)) {
      await app.stop();
      await database.close();
    }
    // Nothing cached: the worker's pipeline asks the sandbox's directory itself (the cache is shared by instances).
    await api.database.db.delete(directoryEntries);
    const client = await api.tenant();
    const reply = await client.post('/v1/invoices', { ...invoice, id: `inv_wrk_sbx_${Date.now()}`, number: `WRK-SBX-${Date.now()}` });
    expect(reply.status).toBe(202);
    const path = `/v1/invoices/${reply.body.id ?? reply.body.submission_id}`;
    const database = await openTestDatabase('postgres');
    const app = buildApp({
      db: database,
      log: createLogger('silent'),
      platform: { kind: 'sandbox', directory: true, stepMs: 60_000, pollIntervalMs: 200 },
      workers: true,
      webhooks: { workers: 0 },
    });
    workers.push({ app, database });
    expect(await app.startWorker()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The sandbox's directory is asked for the buyer: before it was told the worker's URL, every document waited.
    expect(await processed(client, path)).toMatchObject({ processing_state: expect.stringMatching(/^(validated|sent)$/) });
    const deadline = Date.now() + 30_000;
    let state = '';
    while (state !== 'sent' && Date.now() < deadline) {
      state = (await client.get(path)).body.processing_state;
      if (state !== 'sent') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('sent');
  });
});
