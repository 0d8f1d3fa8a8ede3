/**
 * The pipeline's claims are renewed leases (src/db/row-leases.ts), on each engine: a document whose validation lasts
 * three and a half windows stays with the live worker that claimed it (another worker polling meanwhile never takes
 * it: one attempt, one event), and the window is the short PA_LEASE_MS one, not the two minutes it was. The kill -9
 * of a process mid-processing is test/integration/pipeline-kill.test.ts. The e-report closer's claims are the same
 * kind of lease (src/domain/e-reporting/closer.ts): a report whose check lasts 3.5 windows is closed once, by its holder.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/app.ts';
import type { Database, Engine } from '../../src/db/client.ts';
import { DEFAULT_LEASE_MS } from '../../src/db/row-leases.ts';
import { eReports, submissionEvents, submissions } from '../../src/db/schema.ts';
import { type Closer, createCloser } from '../../src/domain/e-reporting/closer.ts';
import type { CommittedEvent, EventSink } from '../../src/domain/events/types.ts';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { setSellerProfile } from '../../src/domain/sellers/sellers-service.ts';
import { createToken } from '../../src/domain/tenancy/tenancy-service.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createPipeline, type Pipeline } from '../../src/pipeline/worker.ts';
import type { Validator } from '../../src/validation/index.ts';
import { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { b2c, runTag } from '../support/e-reporting-http.ts';
import { engines, openTestDatabase } from '../support/gateway.ts';
import { createScratchDatabase } from '../support/webhook-gateway.ts';

const log = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LEASE_MS = 1000;

function sink() {
  const committed: CommittedEvent[] = [];
  const events: EventSink = { wantsOutbox: async () => true, recorded: async () => {}, committed: (batch) => committed.push(...batch) };
  return { events, committed };
}

/**
 * A validator whose every document takes `ms` (a slow official validation) or until `finish()`, finding nothing;
 * counts its calls.
 */
function slowValidator(ms: number) {
  let calls = 0;
  const pending = new Set<() => void>();
  const validator = {
    async validate() {
      calls++;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          pending.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        pending.add(done);
      });
      return { fatal: [], warnings: [], timingsMs: {} };
    },
  } as unknown as Validator;
  return {
    validator,
    calls: () => calls,
    finish: () => {
      for (const done of [...pending]) done();
    },
  };
}

describe.each(engines())('pipeline leases on %s', { timeout: 90_000 }, (engine: Engine) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let database: Database;
  let other: Database | undefined;
  const pipelines: Array<Pipeline | Closer> = [];
  let tenantId: string;
  let client: Client;
  let stopApp: () => Promise<void>;

  beforeAll(async () => {
    scratch = engine === 'postgres' ? await createScratchDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    database = await openTestDatabase(engine, scratch?.url);
    // The API only: the documents wait in `received` for the pipelines started by each test.
    const app = buildApp({ db: database, log, platform: { kind: 'none' }, validation: 'native', workers: false });
    const url = await app.start(0, '127.0.0.1');
    stopApp = () => app.stop();
    const created = await createToken(database.db, `pipeline-lease-${Date.now()}-${Math.random()}`);
    expect((await setSellerProfile(database.db, created.tenant.id, DEMO_SELLER_PROFILE)).ok).toBe(true);
    client = new Client(url, `Bearer ${created.token}`);
    tenantId = created.tenant.id;
    // A second instance: its own pool on PostgreSQL; the same handle on PGlite (one connection).
    other = engine === 'postgres' ? await openTestDatabase(engine, scratch!.url) : undefined;
  });

  // Each test's workers stop with it, so none takes the next test's document.
  afterEach(async () => {
    await Promise.all(pipelines.splice(0).map((pipeline) => pipeline.stop()));
  });

  afterAll(async () => {
    await stopApp?.();
    await other?.close();
    await database?.close();
    await scratch?.drop();
  });

  const rowOf = async (id: string) =>
    (
      await database.db
        .select({
          state: submissions.processingState,
          attempts: submissions.pipelineAttempts,
          leaseLeftMs: sql<number>`extract(epoch from ${submissions.pipelineNextAt} - now()) * 1000`.mapWith(Number),
        })
        .from(submissions)
        .where(eq(submissions.id, id))
    )[0]!;
  /** Starts a worker (stopped after the test), submits an invoice tagged `tag` and resolves with its id once `slow` is validating it. */
  async function claimedBy(worker: Pipeline, slow: ReturnType<typeof slowValidator>, tag: string): Promise<string> {
    pipelines.push(worker);
    worker.start();
    const accepted = await client.post('/v1/invoices', invoice().unique(tag).build());
    expect(accepted.status).toBe(202);
    await expect.poll(() => slow.calls(), { timeout: 10_000, interval: 20 }).toBe(1);
    return accepted.body.submission_id as string;
  }

  it('keeps a document validated for 3.5 windows with the live worker that claimed it: one attempt, one event', async () => {
    const slow = slowValidator(3.5 * LEASE_MS);
    const holder = sink();
    const poller = sink();
    const first = createPipeline({ db: database.db, events: holder.events, validator: slow.validator, log, leaseMs: LEASE_MS });
    const id = await claimedBy(first, slow, 'lease-slow');
    // Another worker, polling every second with the same window, while the first one's validation outlasts it thrice.
    const second = createPipeline({ db: (other ?? database).db, events: poller.events, validator: undefined, log, leaseMs: LEASE_MS });
    pipelines.push(second);
    second.start();
    await sleep(2 * LEASE_MS);
    expect(await rowOf(id)).toMatchObject({ state: 'received', attempts: 1 });
    expect((await rowOf(id)).leaseLeftMs).toBeGreaterThan(0);
    await expect.poll(async () => (await rowOf(id)).state, { timeout: 20_000, interval: 50 }).toBe('validated');

    expect((await rowOf(id)).attempts).toBe(1);
    expect(slow.calls()).toBe(1);
    const events = await database.db
      .select({ id: submissionEvents.id })
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, id), eq(submissionEvents.type, 'processing_state_changed')));
    expect(events).toHaveLength(1);
    await expect.poll(() => holder.committed.length, { timeout: 5_000 }).toBe(1);
    expect(poller.committed).toEqual([]);
  });

  it('claims for the short default window (PA_LEASE_MS, 20 s), not two minutes', async () => {
    const slow = slowValidator(60_000);
    const worker = createPipeline({ db: database.db, events: sink().events, validator: slow.validator, log });
    const id = await claimedBy(worker, slow, 'lease-default');
    const { leaseLeftMs, attempts } = await rowOf(id);
    expect(attempts).toBe(1);
    expect(leaseLeftMs).toBeGreaterThan(DEFAULT_LEASE_MS - 5_000);
    expect(leaseLeftMs).toBeLessThanOrEqual(DEFAULT_LEASE_MS);
    slow.finish();
    await expect.poll(async () => (await rowOf(id)).state, { timeout: 10_000, interval: 50 }).toBe('validated');
  });

  it('closes a report whose check lasts 3.5 windows once, by the closer that claimed it, the lease renewed', async () => {
    // A B2C invoice of September: its period has ended, so its report is due for closing once validated.
    const pipeline = createPipeline({ db: database.db, events: sink().events, validator: undefined, log, leaseMs: LEASE_MS });
    pipelines.push(pipeline);
    pipeline.start();
    const accepted = await client.post('/v1/invoices', b2c(`L${runTag()}`, '2026-09-03', [[10_000, 20]]));
    expect(accepted.status).toBe(202);
    const reportOf = async () => (await database.db.select().from(eReports).where(eq(eReports.tenantId, tenantId)))[0];
    await expect.poll(async () => (await reportOf())?.state, { timeout: 20_000, interval: 50 }).toBe('open');

    const slow = slowValidator(3.5 * LEASE_MS);
    const idle = slowValidator(0);
    const closerOn = (db: Database, check: ReturnType<typeof slowValidator>) => {
      const closer = createCloser({
        db: db.db,
        check: (xml) => check.validator.validate('ubl', xml),
        sender: { id: 'PA01', name: 'Plateforme de test' },
        closeDelayMs: 0,
        leaseMs: LEASE_MS,
        log,
        pollMs: 100,
      });
      pipelines.push(closer);
      closer.start();
    };
    closerOn(database, slow);
    await expect.poll(() => slow.calls(), { timeout: 10_000, interval: 20 }).toBe(1);
    // Another closer polls every 100 ms with the same window while the first one's check outlasts it thrice.
    closerOn(other ?? database, idle);
    await sleep(2 * LEASE_MS);
    expect(await reportOf()).toMatchObject({ state: 'closed', xml: null });
    await expect.poll(async () => (await reportOf())?.xml !== null, { timeout: 20_000, interval: 50 }).toBe(true);
    expect((await reportOf())?.state).toBe('closed');
    expect(slow.calls()).toBe(1);
    expect(idle.calls()).toBe(0);
  });
});
