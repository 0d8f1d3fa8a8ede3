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
import { submissions } from '../../src/db/schema.ts';
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
});
