/**
 * The pipeline's batches: documents accepted over HTTP by a real gateway, then processed by pipeline workers
 * started here on the same database, each with a sink that records what it was handed. Two workers drain a
 * backlog together: every document is validated once, with one `processing_state_changed` event, its documents
 * (seller SIREN included), the sink's outbox call before the commit and the platform hand-over after it. A claim
 * whose worker died is processed once its lease runs out. A batch the database refuses fails only its bad item,
 * postponed with backoff, then processed. On PostgreSQL the database is one of its own: every gateway's pipeline
 * on the shared one would take these tenants' documents as soon as they are due.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/app.ts';
import type { Database, Engine } from '../../src/db/client.ts';
import { submissionDocuments, submissionEvents, submissions } from '../../src/db/schema.ts';
import type { CommittedEvent, EventSink } from '../../src/domain/events/types.ts';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { setSellerProfile } from '../../src/domain/sellers/sellers-service.ts';
import { createToken } from '../../src/domain/tenancy/tenancy-service.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { claimDue } from '../../src/pipeline/claim.ts';
import { finishBatch } from '../../src/pipeline/finish.ts';
import { processSubmission } from '../../src/pipeline/process.ts';
import { createPipeline, type Pipeline } from '../../src/pipeline/worker.ts';
import { Client } from '../support/client.ts';
import { creditNote, invoice } from '../support/documents.ts';
import { engines, openTestDatabase } from '../support/gateway.ts';
import { createScratchDatabase } from '../support/webhook-gateway.ts';

const log = createLogger('silent');

/** A sink that keeps what it is handed; `refuse(events)` may throw from `recorded` (inside the batch's transaction). */
function recordingSink(refuse: (events: readonly CommittedEvent[]) => Error | undefined = () => undefined) {
  const recorded: CommittedEvent[][] = [];
  const committed: CommittedEvent[] = [];
  const sink: EventSink = {
    wantsOutbox: async () => true,
    async recorded(_tx, events) {
      const error = refuse(events);
      if (error) throw error;
      recorded.push([...events]);
    },
    committed: (events) => committed.push(...events),
  };
  return { sink, recorded, committed };
}

async function until(condition: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Every tenant has its seller at submission, so its documents are due at once: each backlog is held out of the
 * claim (as a lease would) until its test releases it, so no test's workers take another test's documents.
 */
const holdUntil = (database: Database, tenantId: string, at: ReturnType<typeof sql>) =>
  database.db.update(submissions).set({ pipelineNextAt: at }).where(eq(submissions.tenantId, tenantId));

describe.each(engines())('pipeline batches on %s', { timeout: 90_000 }, (engine: Engine) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let database: Database;
  let other: Database | undefined;
  const pipelines: Pipeline[] = [];
  /** Each tenant's accepted submissions, in order; the first test's last one is a credit note of its first. */
  const backlog: Record<'drain' | 'lease' | 'refused' | 'mixed', { tenantId: string; ids: string[]; buyer: string }> = {} as never;

  beforeAll(async () => {
    scratch = engine === 'postgres' ? await createScratchDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    database = await openTestDatabase(engine, scratch?.url);
    // The gateway accepts the backlogs and runs no pipeline of its own (the API only), so the backlogs wait for the tests'.
    const app = buildApp({ db: database, log, platform: { kind: 'none' }, validation: 'native', workers: false });
    const url = await app.start(0, '127.0.0.1');
    try {
      for (const [name, count] of [
        ['drain', 60],
        ['lease', 5],
        ['refused', 6],
        ['mixed', 3],
      ] as const) {
        const created = await createToken(database.db, `pipeline-batch-${name}-${Date.now()}-${Math.random()}`);
        expect((await setSellerProfile(database.db, created.tenant.id, DEMO_SELLER_PROFILE)).ok).toBe(true);
        const client = new Client(url, `Bearer ${created.token}`);
        const ids: string[] = [];
        let first: { id: string; customer_snapshot: { name: string } } | undefined;
        for (let n = 0; n < count; n++) {
          const document = invoice().unique().build();
          first ??= document as unknown as typeof first;
          const reply = await client.post('/v1/invoices', document);
          expect(reply.status).toBe(202);
          ids.push(reply.body.submission_id);
        }
        if (name === 'drain') {
          const reply = await client.post('/v1/credit-notes', creditNote().unique('cn').refunding(first!.id).build());
          expect(reply.status).toBe(202);
          ids.push(reply.body.submission_id);
        }
        backlog[name] = { tenantId: created.tenant.id, ids, buyer: first!.customer_snapshot.name };
        await hold(created.tenant.id);
      }
    } finally {
      await app.stop();
    }
    // A second instance: its own pool on PostgreSQL; the same handle on PGlite (one connection).
    other = engine === 'postgres' ? await openTestDatabase(engine, scratch!.url) : undefined;
  });

  const hold = (tenantId: string) => holdUntil(database, tenantId, sql`now() + interval '1 day'`);
  const release = (tenantId: string) => holdUntil(database, tenantId, sql`null`);

  // Each test's workers stop with it, so none takes the next test's documents.
  afterEach(async () => {
    await Promise.all(pipelines.splice(0).map((pipeline) => pipeline.stop()));
  });

  afterAll(async () => {
    await Promise.all(pipelines.map((pipeline) => pipeline.stop()));
    await other?.close();
    await database?.close();
    await scratch?.drop();
  });

  function start(db: Database, sink: EventSink, onValidated?: (id: string) => void): Pipeline {
    const pipeline = createPipeline({ db: db.db, events: sink, validator: undefined, log, onValidated });
    pipelines.push(pipeline);
    pipeline.start();
    return pipeline;
  }

  const rowsOf = (tenantId: string) =>
    database.db
      .select({
        id: submissions.id,
        state: submissions.processingState,
        rejection: submissions.rejection,
        attempts: submissions.pipelineAttempts,
        lastError: submissions.pipelineLastError,
        leased: sql<boolean>`${submissions.pipelineNextAt} > now()`,
      })
      .from(submissions)
      .where(eq(submissions.tenantId, tenantId));
  const eventsOf = (tenantId: string) =>
    database.db
      .select({ id: submissionEvents.id, submissionId: submissionEvents.submissionId, state: submissionEvents.processingState })
      .from(submissionEvents)
      .where(and(eq(submissionEvents.tenantId, tenantId), eq(submissionEvents.type, 'processing_state_changed')))
      .orderBy(submissionEvents.id);
  const processedAll = async (tenantId: string) => (await rowsOf(tenantId)).every((row) => row.state !== 'received');
  const stateOf = async (id: string) =>
    (await database.db.select({ state: submissions.processingState }).from(submissions).where(eq(submissions.id, id)))[0]?.state;

  it('drains a backlog with two workers in batches: each document validated once, with its documents and one event', async () => {
    const { tenantId, ids, buyer } = backlog.drain;
    const one = recordingSink();
    const two = recordingSink();
    const handedOver: Array<Promise<{ id: string; state: string | undefined }>> = [];
    const onValidated = (id: string) => handedOver.push(stateOf(id).then((state) => ({ id, state })));
    await release(tenantId);
    start(database, one.sink, onValidated);
    start(other ?? database, two.sink, onValidated);
    await until(() => processedAll(tenantId), 'the backlog is processed');
    // The rows may be visible before the workers have read their commit's reply, and handed the documents over.
    await until(async () => handedOver.length >= ids.length, 'every validated document is handed over');

    const rows = await rowsOf(tenantId);
    expect(rows.map((row) => [row.state, row.rejection])).toEqual(ids.map(() => ['validated', null]));
    const events = await eventsOf(tenantId);
    expect(events.map((event) => event.submissionId).sort()).toEqual([...ids].sort());
    expect(events.every((event) => event.state === 'validated')).toBe(true);
    // The sinks: every event recorded in its batch's transaction, then handed over once committed, by one worker only.
    const committed = [...one.committed, ...two.committed];
    expect(committed.map((event) => event.id).sort()).toEqual(events.map((event) => event.id).sort());
    expect([...one.recorded, ...two.recorded].flat()).toEqual(expect.arrayContaining(committed));
    expect(Math.max(...[...one.recorded, ...two.recorded].map((batch) => batch.length))).toBeGreaterThan(1);
    const validated = await Promise.all(handedOver);
    expect(validated.map((call) => call.id).sort()).toEqual([...ids].sort());
    expect(validated.every((call) => call.state === 'validated')).toBe(true);

    const documents = await database.db.select().from(submissionDocuments).where(eq(submissionDocuments.tenantId, tenantId));
    expect(documents).toHaveLength(ids.length);
    for (const document of documents) {
      expect(document).toMatchObject({ sellerSiren: DEMO_SELLER_PROFILE.siren, processingRule: 'B2B', warnings: [] });
      expect(document.cii).toContain('<rsm:CrossIndustryInvoice');
    }
    const note = documents.find((document) => document.submissionId === ids.at(-1))!;
    // The credit note's buyer comes from its invoice's body, which the claim brought along.
    expect(note.ubl).toContain('<CreditNote xmlns=');
    expect(note.ubl).toContain(`<cbc:RegistrationName>${buyer}</cbc:RegistrationName>`);
  });

  it("processes a dead worker's claim once its lease runs out, and not before", async () => {
    const { tenantId, ids } = backlog.lease;
    await release(tenantId);
    // A worker that claims and dies before finishing anything.
    const claimed = await claimDue(database.db, 100, 4_000);
    expect(claimed.map((input) => input.submission.id).sort()).toEqual([...ids].sort());
    expect(claimed.every((input) => input.profile.siren === DEMO_SELLER_PROFILE.siren && input.body.startsWith('{'))).toBe(true);
    const sink = recordingSink();
    start(database, sink.sink);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await rowsOf(tenantId)).map((row) => row.state)).toEqual(ids.map(() => 'received'));
    await until(() => processedAll(tenantId), 'the leased documents are processed');
    const rows = await rowsOf(tenantId);
    expect(rows.map((row) => [row.state, row.attempts])).toEqual(ids.map(() => ['validated', 2]));
    expect((await eventsOf(tenantId)).map((event) => event.submissionId).sort()).toEqual([...ids].sort());
  });

  it('fails only the item of a refused batch that caused it, postpones it with backoff, then processes it', async () => {
    const { tenantId, ids } = backlog.refused;
    const poisoned = ids[2]!;
    let refusing = true;
    const attempts: string[][] = [];
    const sink = recordingSink((events) => {
      attempts.push(events.map((event) => event.submissionId));
      if (!refusing || !events.some((event) => event.submissionId === poisoned)) return undefined;
      // A serialization failure: the server's answer, so nothing of the batch was committed.
      return Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    await release(tenantId);
    start(database, sink.sink);
    await until(
      async () => (await rowsOf(tenantId)).filter((row) => row.state === 'validated').length === ids.length - 1,
      'the others are validated',
    );
    await until(
      async () => (await rowsOf(tenantId)).some((row) => row.id === poisoned && row.lastError !== null),
      'the refused one is postponed',
    );
    const refused = (await rowsOf(tenantId)).find((row) => row.id === poisoned)!;
    expect(refused).toMatchObject({ state: 'received', lastError: 'could not serialize access', leased: true });
    expect((await eventsOf(tenantId)).map((event) => event.submissionId)).not.toContain(poisoned);
    expect(sink.committed.map((event) => event.submissionId)).not.toContain(poisoned);

    refusing = false;
    await until(() => processedAll(tenantId), 'the refused one is processed after its backoff');
    expect((await eventsOf(tenantId)).map((event) => event.submissionId).sort()).toEqual([...ids].sort());
    expect(attempts.filter((batch) => batch.includes(poisoned)).length).toBeGreaterThanOrEqual(2);
  });

  it('finishes a mixed batch in one statement: a rejection without documents, documents, and nothing for a row no longer received', async () => {
    const { tenantId, ids } = backlog.mixed;
    await release(tenantId);
    const inputs = await claimDue(database.db, 100, 60_000);
    expect(inputs.map((input) => input.submission.id)).toEqual(ids);
    // The third was rejected meanwhile (as a 213 status does), after the claim.
    await database.db.update(submissions).set({ processingState: 'rejected' }).where(eq(submissions.id, ids[2]!));
    const validated = await processSubmission(inputs[1]!, undefined);
    expect(validated.state).toBe('validated');
    const rejection = { source: 'validation' as const, errors: [{ rule: 'BR-01', message: 'no', path: '/number' }] };
    const events = await finishBatch(database.db, [
      { submission: inputs[0]!.submission, outcome: { state: 'rejected', documents: undefined, rejection } },
      { submission: inputs[1]!.submission, outcome: validated },
      { submission: inputs[2]!.submission, outcome: validated },
      // The same submission twice (a lease that ran out mid-processing): the first outcome only.
      { submission: inputs[1]!.submission, outcome: { state: 'rejected', documents: undefined, rejection } },
    ]);
    expect(events.map((event) => event?.submissionId)).toEqual([ids[0], ids[1], undefined, undefined]);
    expect(events[0]!.id).toBeLessThan(events[1]!.id);
    const rows = new Map((await rowsOf(tenantId)).map((row) => [row.id, row]));
    expect(rows.get(ids[0]!)).toMatchObject({ state: 'rejected', rejection, leased: null });
    expect(rows.get(ids[1]!)).toMatchObject({ state: 'validated', rejection: null, leased: null });
    expect(rows.get(ids[2]!)).toMatchObject({ state: 'rejected', rejection: null, leased: true });
    const stored = await database.db.select().from(submissionDocuments).where(eq(submissionDocuments.tenantId, tenantId));
    expect(stored).toEqual([
      expect.objectContaining({ submissionId: ids[1], ubl: validated.documents!.ubl, cii: validated.documents!.cii }),
    ]);
    expect((await eventsOf(tenantId)).map((event) => [event.submissionId, event.state])).toEqual([
      [ids[0], 'rejected'],
      [ids[1], 'validated'],
    ]);
  });
});
