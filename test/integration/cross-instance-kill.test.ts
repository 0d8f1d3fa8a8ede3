/**
 * Two gateway processes (`passerelle serve`) on one PostgreSQL database, one of them killed (SIGKILL) right after a
 * commit (docs/operations.md): the test hook PASSERELLE_TEST_KILL_AFTER_COMMIT makes the process kill itself as soon
 * as its hub is told of a committed event. A subscriber on the surviving instance still gets every committed event of
 * the tenant exactly once: the NOTIFY went out with the commit itself (migration 0027). PostgreSQL only: runs when
 * TEST_DATABASE_URL is set.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { cliLastLine, spawnServe, stopChild, type ServeProcess } from '../support/processes.ts';
import { eventOf, eventsOf, liveBySubmissions, SUBMISSION_EVENTS, summary, wsConnect, type WsConnection } from '../support/subscribers.ts';

const DATABASE_URL = process.env.TEST_DATABASE_URL;

const started: ChildProcess[] = [];

describe.skipIf(!DATABASE_URL)(
  'an instance killed between its commit and its NOTIFY (needs TEST_DATABASE_URL)',
  { timeout: 180_000 },
  () => {
    const tag = randomUUID().slice(0, 8);
    let survivor: ServeProcess;
    let doomed: ServeProcess;
    let tenantToken: string;
    let sql: postgres.Sql;
    let ws: WsConnection | undefined;

    beforeAll(async () => {
      const env = { DATABASE_URL: DATABASE_URL!, PLATFORM: 'none' };
      [survivor, doomed, tenantToken] = await Promise.all([
        spawnServe(env, (child) => started.push(child)),
        // API only: nothing but the request below commits on it, so it dies right after that commit.
        spawnServe({ ...env, WORKERS: 'off', PASSERELLE_TEST_KILL_AFTER_COMMIT: '1' }, (child) => started.push(child)),
        cliLastLine(['token', 'create', '--tenant', `kill-${tag}`, '--create-tenant'], { DATABASE_URL: DATABASE_URL! }),
      ]);
      const tenant = new Client(survivor.url, `Bearer ${tenantToken}`);
      expect((await tenant.request('PUT', '/v1/seller-profile', DEMO_SELLER_PROFILE)).status).toBe(200);
      sql = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
    }, 120_000);
    afterAll(async () => {
      await ws?.close();
      await Promise.all(started.splice(0).map(stopChild));
      await sql?.end({ timeout: 5 });
    });

    it('a subscriber on the surviving instance gets every committed event once', async () => {
      const onSurvivor = new Client(survivor.url, `Bearer ${tenantToken}`);
      const onDoomed = new Client(doomed.url, `Bearer ${tenantToken}`);
      ws = wsConnect(survivor.url, { token: tenantToken });
      const subscription = ws.subscribe(SUBMISSION_EVENTS);
      const probes = await liveBySubmissions(subscription, async () => {
        const reply = await onSurvivor.post('/v1/invoices', invoice().unique().build());
        expect(reply.status).toBe(202);
        return reply.body.submission_id as string;
      });

      // The doomed instance commits the submission and its `received` event, then dies as soon as it is told of the
      // commit: the client never gets its answer.
      const number = `KILL${tag}`;
      const exited = new Promise((resolve) => doomed.child.once('exit', (_code, signal) => resolve(signal)));
      await onDoomed.post('/v1/invoices', invoice().unique(number).build()).catch(() => undefined);
      expect(await exited).toBe('SIGKILL');
      const [row] = await sql<{ id: string }[]>`
      select s.id from submissions s join tenants t on t.id = s.tenant_id where t.name = ${`kill-${tag}`} and s.number like ${`${number.toUpperCase()}-%`}`;
      expect(row, 'the doomed instance committed the submission').toBeDefined();
      const id = row!.id;

      // Its `received` (announced by its commit), then the survivor's own pipeline's `validated`, in that order.
      // The survivor's first validation starts its validator: a minute on a loaded machine.
      await subscription
        .waitUntil((payload) => eventOf(payload)?.submission.id === id && eventOf(payload)?.processingState === 'VALIDATED', 60_000)
        .catch((error) => {
          throw new Error(`${error}\nthe survivor's output:\n${survivor.output().slice(-4000)}`);
        });
      await new Promise((resolve) => setTimeout(resolve, 1000)); // nothing comes twice
      expect(eventsOf(subscription, id).map(summary)).toEqual(['RECEIVED RECEIVED', 'PROCESSING_STATE_CHANGED VALIDATED']);

      // Every committed event of the tenant since the subscription was live, once each.
      const committed = await sql<{ id: string }[]>`
      select e.id from submission_events e join tenants t on t.id = e.tenant_id
      where t.name = ${`kill-${tag}`} and e.submission_id not in ${sql([...probes])} order by e.id`;
      const heard = subscription.payloads
        .map((payload) => eventOf(payload))
        .filter((event) => event && !probes.has(event.submission.id))
        .map((event) => Number(event!.id));
      expect(heard.sort((a, b) => a - b)).toEqual(committed.map((e) => Number(e.id)));
    });
  },
);
