/**
 * Two gateway processes (`passerelle serve`) on one PostgreSQL database: a
 * subscriber on the first hears what the second records, through LISTEN/NOTIFY,
 * also after the first's LISTEN connection was killed (postgres.js re-listens,
 * the hub resyncs). PostgreSQL only: runs when TEST_DATABASE_URL is set.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/client.ts';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { invoice } from '../support/documents.ts';
import { cliLastLine, spawnServe, stopChild, type ServeProcess } from '../support/processes.ts';
import { eventOf, eventsOf, liveByStatuses, liveBySubmissions, PROBE, summary, wsConnect } from '../support/subscribers.ts';
import { SUBMISSION_EVENTS as EVENTS, SUBMISSION_UPDATED as UPDATED, type Collector, type WsConnection } from '../support/subscribers.ts';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const RESYNC_LOG = 'LISTEN connection re-established';

type Instance = ServeProcess;

/** Every `serve` process started, stopped in `afterAll` even if the start-up failed halfway. */
const started: ChildProcess[] = [];

/** Starts `passerelle serve` on `databaseUrl` and resolves once it listens. */
function serve(databaseUrl: string): Promise<Instance> {
  return spawnServe({ DATABASE_URL: databaseUrl, PLATFORM: 'none' }, (child) => started.push(child));
}

/** Runs the CLI on `databaseUrl`; resolves with the last line it printed (a token). */
function cli(args: string[], databaseUrl: string): Promise<string> {
  return cliLastLine(args, { DATABASE_URL: databaseUrl });
}

// Each `serve` and CLI run starts a process that loads TypeScript and migrates: a few seconds each.
describe.skipIf(!DATABASE_URL)('two gateway processes on one PostgreSQL database (needs TEST_DATABASE_URL)', { timeout: 90_000 }, () => {
  const tag = randomUUID().slice(0, 8);
  // Instance 1's connections get their own application_name (the URL parameter wins over the
  // gateway's "passerelle"), so the test kills its LISTEN connection and no other process's.
  const appName = `passerelle-xi-${tag}`;
  let one: Instance | undefined;
  let two: Instance | undefined;
  let tenant: Client;
  let tenantToken: string;
  let platform: Client;
  let sql: postgres.Sql;
  const open: WsConnection[] = [];

  beforeAll(async () => {
    const urlOne = new URL(DATABASE_URL!);
    urlOne.searchParams.set('application_name', appName);
    let platformToken: string;
    [one, two, tenantToken, platformToken] = await Promise.all([
      serve(urlOne.href),
      serve(DATABASE_URL!),
      cli(['token', 'create', '--tenant', `xi-${tag}`, '--create-tenant'], DATABASE_URL!),
      cli(['platform-token', 'create', '--name', `xi-pa-${tag}`], DATABASE_URL!),
    ]);
    expect(tenantToken).toMatch(/^pas_/);
    tenant = new Client(one.url, `Bearer ${tenantToken}`);
    // A tenant made by the CLI has no seller yet: its documents would be refused (422).
    expect((await tenant.request('PUT', '/v1/seller-profile', DEMO_SELLER_PROFILE)).status).toBe(200);
    platform = new Client(two.url, `Bearer ${platformToken}`); // the platform reports to instance 2
    sql = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
  }, 90_000);
  afterEach(async () => {
    for (const connection of open.splice(0)) await connection.close();
  });
  afterAll(async () => {
    await Promise.all(started.splice(0).map(stopChild));
    await sql?.end({ timeout: 5 });
  });

  /** A graphql-ws subscription on instance 1. */
  function subscribe(query: string, variables?: Record<string, unknown>): Collector {
    const connection = wsConnect(one!.url, { token: tenantToken });
    open.push(connection);
    return connection.subscribe(query, variables);
  }

  async function submit(): Promise<string> {
    const reply = await tenant.post('/v1/invoices', invoice().unique().build());
    expect(reply.status).toBe(202);
    return reply.body.submission_id;
  }

  async function record(id: string, code: number, extra: object = {}): Promise<void> {
    const event = { submission_id: id, code, occurred_at: new Date().toISOString(), event_id: randomUUID(), ...extra };
    expect((await platform.post('/pa/v1/lifecycle-events', event)).status).toBe(201);
  }

  /** Instance 1's LISTEN connections, as pg_stat_activity shows them. */
  const listeners = () =>
    sql<{ pid: number; query: string }[]>`
      select pid, query from pg_stat_activity where application_name = ${appName} and query ilike 'listen%'`;

  /**
   * Terminates instance 1's LISTEN connection and waits until its backend is gone; the function
   * returned waits until instance 1 listens again on a new connection and has resynced.
   */
  async function killListenConnection(): Promise<() => Promise<void>> {
    const before = await listeners();
    expect(before.map((row) => row.query)).toEqual(['listen "passerelle_events"']);
    const pid = before[0]!.pid;
    const resyncs = one!.output().split(RESYNC_LOG).length;
    const [killed] = await sql`select pg_terminate_backend(${pid})`;
    expect(killed!.pg_terminate_backend).toBe(true);
    await expect.poll(async () => (await sql`select 1 from pg_stat_activity where pid = ${pid}`).length).toBe(0);
    return async () => {
      // The hub logs its resync once postgres.js has re-listened.
      await expect.poll(() => one!.output().split(RESYNC_LOG).length, { timeout: 20_000 }).toBeGreaterThan(resyncs);
      const after = await listeners();
      expect(after).toHaveLength(1);
      expect(after[0]!.pid).not.toBe(before[0]!.pid);
    };
  }

  it('a subscriber on instance 1 receives the status instance 2 records', async () => {
    const subscription = subscribe(EVENTS);
    await liveBySubmissions(subscription, submit);
    const id = await submit();
    await record(id, 200);
    await subscription.waitUntil((payload) => eventOf(payload)?.lifecycleStatus?.code === 200, 15_000);
    expect(eventsOf(subscription, id).map(summary)).toEqual(['RECEIVED RECEIVED', '200 Déposée']);
  });

  it("still receives what instance 2 records right after instance 1's LISTEN connection is killed", async () => {
    const subscription = subscribe(EVENTS);
    await liveBySubmissions(subscription, submit);
    const id = await submit();
    await subscription.waitUntil((payload) => eventOf(payload)?.submission.id === id, 15_000);
    const relistened = await killListenConnection();
    await record(id, 202); // while instance 1 is re-listening: NOTIFY may be lost, the resync replays it
    await relistened();
    await subscription.waitUntil((payload) => eventOf(payload)?.lifecycleStatus?.code === 202, 15_000);
    await record(id, 203); // and the new LISTEN connection works
    await subscription.waitUntil((payload) => eventOf(payload)?.lifecycleStatus?.code === 203, 15_000);
    // Each once, in order, though the resync replayed what the subscription had already seen.
    expect(eventsOf(subscription, id).map(summary)).toEqual(['RECEIVED RECEIVED', '202 Reçue', '203 Mise à disposition']);
  });

  it('replays after the re-listen an event whose NOTIFY instance 1 missed (the resync)', async () => {
    const subscription = subscribe(EVENTS);
    await liveBySubmissions(subscription, submit);
    const id = await submit();
    await subscription.waitUntil((payload) => eventOf(payload)?.submission.id === id, 15_000);
    one!.child.kill('SIGSTOP'); // frozen, instance 1 cannot re-listen before the status is recorded
    let relistened: () => Promise<void>;
    try {
      relistened = await killListenConnection();
      await record(id, 205); // its NOTIFY reaches no connection of instance 1: lost
    } finally {
      one!.child.kill('SIGCONT');
    }
    await relistened();
    await subscription.waitUntil((payload) => eventOf(payload)?.lifecycleStatus?.code === 205, 15_000);
    expect(eventsOf(subscription, id).map(summary)).toEqual(['RECEIVED RECEIVED', '205 Approuvée']);
  });

  // A resync replays recent events to every topic; a subscription opened later must not get them.
  it('a resync does not replay to a subscription the events committed before it subscribed', async () => {
    const id = await submit();
    await record(id, 200);
    const subscription = subscribe(UPDATED, { id });
    await liveByStatuses(subscription, () => record(id, 201, { occurred_at: '2000-01-01T00:00:00Z', reason_code: PROBE }));
    await (await killListenConnection())();
    await record(id, 204);
    await subscription.waitUntil((payload) => eventOf(payload)?.lifecycleStatus?.code === 204, 15_000);
    expect(eventsOf(subscription, id).map(summary)).toEqual(['204 Prise en charge']);
  });
});
