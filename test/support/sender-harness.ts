/**
 * Setup shared by the PA sender's integration tests: a gateway on a database
 * of its own (the sender's queue is every `validated` row of its database, so
 * on the shared PostgreSQL test database it would take other files'
 * documents), a fake Flow Service (flow-fakes.ts), senders stopped after each
 * test, their log lines captured, and helpers that read a document's state.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Db, Engine } from '../../src/db/client.ts';
import { submissionEvents } from '../../src/db/schema.ts';
import { NO_EVENTS } from '../../src/domain/events/types.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createSender, type Sender } from '../../src/platform/outbound/flow-sender.ts';
import type { UnknownOutcomeGrace } from '../../src/platform/outbound/send.ts';
import type { Client } from './client.ts';
import { invoice } from './documents.ts';
import { type FakeFlowService, type Script, startFakeFlowService } from './flow-fakes.ts';
import { type Gateway, startGateway } from './gateway.ts';
import { privateDatabase } from './private-database.ts';
import { until } from './until.ts';

export { privateDatabase, until };

export const DELIVERY = `query ($id: ID!) { invoice(id: $id) { processingState
  platformDelivery { flowId attempts lastError nextAttemptAt acknowledgement { status details { level item reasonCode reasonMessage } } } } }`;

/** What a test of the sender works with; filled in by the hooks `useSenderHarness` registers. */
export interface SenderHarness {
  gateway: Gateway;
  fake: FakeFlowService;
  /** The private PostgreSQL database's URL (undefined on PGlite). */
  databaseUrl: string | undefined;
  /** A fresh tenant per test. */
  client: Client;
  /** Every line the senders logged in this test (JSON). */
  lines: string[];
  /**
   * Starts a sender on the gateway's database (or `db`) and the fake, its client giving up after `timeoutMs`
   * (default 2 s: PGlite shares the event loop, so a tighter limit would fail requests under load); stopped after the test.
   */
  run(options?: { pollMs?: number; db?: Db; timeoutMs?: number; unknownOutcome?: UnknownOutcomeGrace }): Sender;
  /** Submits an invoice whose number the fake answers with `script`. */
  submit(script?: Script): Promise<{ id: string; number: string }>;
  /** The REST record once `done` holds (default: once it left `received` and `validated`). */
  record(id: string, done?: (record: Record<string, any>) => boolean): Promise<Record<string, any>>;
  /** `Submission` with `platformDelivery` by GraphQL. */
  delivery(id: string): Promise<any>;
  /** The `processing_state_changed` events' states, oldest first. */
  states(id: string): Promise<Array<string | null>>;
  /** Warning log entries. */
  warnings(): Array<Record<string, any>>;
}

/** Registers the hooks (call inside a `describe`) and returns the harness they fill. */
export function useSenderHarness(engine: Engine, fakeOptions: { pageSize?: number } = {}): SenderHarness {
  let database: Awaited<ReturnType<typeof privateDatabase>>;
  let senders: Sender[] = [];
  const h = { lines: [] as string[] } as SenderHarness;

  beforeAll(async () => {
    database = await privateDatabase(engine);
    h.databaseUrl = database?.url;
    h.gateway = await startGateway(engine, { pipeline: true, databaseUrl: database?.url });
    h.fake = await startFakeFlowService(fakeOptions);
  });
  beforeEach(async () => {
    h.client = await h.gateway.tenant();
    h.lines = [];
  });
  afterEach(async () => {
    await Promise.all(senders.map((sender) => sender.stop()));
    senders = [];
    // Nothing a sender logs may carry the PA credentials or a bearer token.
    expect(h.lines.join('\n')).not.toMatch(/fake-secret|tok-/);
  });
  afterAll(async () => {
    await h.gateway?.stop();
    await h.fake?.close();
    await database?.drop();
  });

  h.run = (options = {}) => {
    const log = createLogger('debug', { write: (line: string) => void h.lines.push(line) }).child({ sender: senders.length });
    const db = options.db ?? h.gateway.database.db;
    const connection = `fake-${engine}`;
    const client = h.fake.client(options.timeoutMs ?? 2_000);
    // A short grace after an unknown outcome (the default's two minutes would hold every such test).
    const unknownOutcome = options.unknownOutcome ?? { graceMs: 1_000, searchEveryMs: 200 };
    const sender = createSender({ db, events: NO_EVENTS, client, connection, log, pollMs: options.pollMs ?? 100, unknownOutcome });
    senders.push(sender);
    sender.start();
    return sender;
  };
  h.submit = async (script = {}) => {
    const document = invoice().unique('hst').build();
    h.fake.script(document.number, script);
    const accepted = await h.client.post('/v1/invoices', document);
    expect(accepted.status).toBe(202);
    return { id: (accepted.body as { submission_id: string }).submission_id, number: document.number };
  };
  h.record = (id, done = (r) => r.processing_state === 'sent' || r.processing_state === 'rejected') =>
    until(async () => (await h.client.get(`/v1/invoices/${id}`)).body, done);
  h.delivery = async (id) => (await h.client.graphql(DELIVERY, { id })).body.data?.invoice;
  h.states = async (id) =>
    (
      await h.gateway.database.db
        .select({ state: submissionEvents.processingState })
        .from(submissionEvents)
        .where(and(eq(submissionEvents.submissionId, id), eq(submissionEvents.type, 'processing_state_changed')))
        .orderBy(asc(submissionEvents.id))
    ).map((e) => e.state);
  h.warnings = () => h.lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
  return h;
}
