/**
 * Lifecycle statuses recorded in batches (group commit, `src/domain/lifecycle/batch-writer.ts`):
 * concurrent statuses end exactly as the same statuses recorded one after the other in their
 * arrival order (histories, flags, processing states, events), in a few statements; a failing
 * item fails alone; outbox work is handed over in the transaction; a final status committed by
 * another writer while a batch waits for its lock is seen.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleStatuses, submissionEvents } from '../../src/db/schema.ts';
import { recordBatch } from '../../src/domain/lifecycle/batch-statement.ts';
import { recordLifecycleStatus, type LifecycleEvent } from '../../src/domain/lifecycle/lifecycle-service.ts';
import type { CommittedEvent, EventSink } from '../../src/domain/events/types.ts';
import { NO_EVENTS } from '../../src/domain/events/types.ts';
import type { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { engines, openTestDatabase, startGateway, type Gateway } from '../support/gateway.ts';
import { processed } from '../support/pipeline.ts';

/** Four posts per submission: three statuses out of time order (finals, ties, 214 among them), one of them sent twice. */
function script(k: number): Array<Omit<LifecycleEvent, 'submission_id'>> {
  const at = (hour: number) => `2026-03-0${1 + (k % 3)}T${String(hour).padStart(2, '0')}:00:00+01:00`;
  const id = () => `evt-${randomUUID()}`;
  const shapes: Array<Array<Omit<LifecycleEvent, 'submission_id' | 'event_id'>>> = [
    [
      { code: 205, occurred_at: at(12) },
      { code: 200, occurred_at: at(9) },
      { code: 210, occurred_at: at(11) },
    ],
    [
      { code: 202, occurred_at: at(10) },
      { code: 213, occurred_at: at(10), reason: 'Format' },
      { code: 214, occurred_at: at(8) },
    ],
    [
      { code: 201, occurred_at: at(14) },
      { code: 213, occurred_at: at(13) },
      { code: 212, occurred_at: at(15), reason_code: 'P1' },
    ],
    [
      { code: 204, occurred_at: at(10) },
      { code: 204, occurred_at: at(10) },
      { code: 214, occurred_at: at(9) },
    ],
  ];
  const events = shapes[k % shapes.length]!.map((shape) => ({ ...shape, event_id: id() }));
  return [...events, events[k % 3]!];
}

describe.each(engines())('lifecycle statuses in batches on %s', (engine) => {
  let gateway: Gateway;
  let platform: Client;
  let statements: string[] = [];
  beforeAll(async () => {
    gateway = await startGateway(engine, { pipeline: true, onQuery: (query) => void statements.push(query) });
    platform = await gateway.platform();
  });
  afterAll(() => gateway?.stop());

  async function invoices(client: Client, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const reply = await client.post('/v1/invoices', invoice().unique().build());
      expect(reply.status).toBe(202);
      ids.push(reply.body.submission_id);
    }
    // Settled by the pipeline first, so the only changes left are the statuses'.
    for (const id of ids) expect((await processed(client, `/v1/invoices/${id}`)).processing_state).toBe('validated');
    return ids;
  }

  /** What a submission ends with: history, processing state, and its events since the pipeline's. */
  async function outcome(client: Client, id: string) {
    const history = (await client.get(`/v1/invoices/${id}/statuses`)).body.data;
    const record = (await client.get(`/v1/invoices/${id}`)).body;
    const events = await gateway.database.db
      .select({ type: submissionEvents.type, state: submissionEvents.processingState, code: lifecycleStatuses.code })
      .from(submissionEvents)
      .leftJoin(lifecycleStatuses, eq(lifecycleStatuses.id, submissionEvents.lifecycleStatusId))
      .where(eq(submissionEvents.submissionId, id))
      .orderBy(asc(submissionEvents.id));
    return { history, state: record.processing_state, events: events.slice(events.findIndex((e) => e.type === 'lifecycle_status_added')) };
  }

  it('records 200 concurrent statuses of 50 submissions as one after the other in arrival order, in few statements', async () => {
    const client = await gateway.tenant();
    const concurrent = await invoices(client, 50);
    const sequential = await invoices(client, 50);
    const posts = concurrent.flatMap((id, k) => script(k).map((event) => ({ ...event, submission_id: id })));
    expect(posts).toHaveLength(200);

    statements = [];
    const replies = await Promise.all(posts.map((post) => platform.post('/pa/v1/lifecycle-events', post)));
    const batches = statements.filter((query) => query.includes('json_to_recordset')).length;
    // One by one, each status took five statements or more (lock, final check, insert, event, then the lookup of a duplicate or the 213's update and event).
    // The pipeline's idle claims poll on a timer, whatever the statuses do: a loaded machine only makes more of them.
    const caused = statements.filter((query) => !/^\s*WITH candidates AS/.test(query));
    expect(caused.length).toBeLessThan(posts.length * 1.5);
    // PGlite runs each statement on the event loop's thread, so requests reach it one turn at a time: batches stay small there.
    if (engine === 'postgres') expect(batches).toBeLessThanOrEqual(posts.length / 4);

    // Each event_id: one 201, and a 200 duplicate with the same status for the second post.
    const byEvent = new Map<string, Array<{ status: number; body: Record<string, unknown> }>>();
    for (const [index, post] of posts.entries()) byEvent.set(post.event_id, [...(byEvent.get(post.event_id) ?? []), replies[index]!]);
    for (const answers of byEvent.values()) {
      expect(answers.map((answer) => answer.status).sort()).toEqual(answers.length === 1 ? [201] : [200, 201]);
      const first = answers.find((answer) => answer.status === 201)!.body;
      for (const answer of answers) expect({ ...answer.body, duplicate: false }).toEqual(first);
    }

    // The oracle: the same statuses recorded one at a time, in the order the batches stored them.
    for (const [k, id] of concurrent.entries()) {
      const arrived = await gateway.database.db
        .select({ eventId: lifecycleStatuses.eventId })
        .from(lifecycleStatuses)
        .where(eq(lifecycleStatuses.submissionId, id))
        .orderBy(asc(lifecycleStatuses.id));
      for (const { eventId } of arrived) {
        const post = posts.find((candidate) => candidate.event_id === eventId)!;
        const reply = await platform.post('/pa/v1/lifecycle-events', { ...post, submission_id: sequential[k], event_id: `seq-${eventId}` });
        expect(reply.status).toBe(201);
      }
      expect(await outcome(client, id)).toEqual(await outcome(client, sequential[k]!));
    }
  });

  it('keeps a failing item from failing the others of its batch', async () => {
    const client = await gateway.tenant();
    const [id] = await invoices(client, 1);
    const poison = `boom-${randomUUID()}`;
    // A constraint only this test's item breaks: the database refuses it, as it would refuse a bad row.
    const constraint = sql.raw(`lifecycle_batch_${randomUUID().replaceAll('-', '')}`);
    await gateway.database.db.execute(
      sql`ALTER TABLE lifecycle_statuses ADD CONSTRAINT ${constraint} CHECK (reason IS DISTINCT FROM ${sql.raw(`'${poison}'`)}) NOT VALID`,
    );
    try {
      const event = (code: number, reason?: string) => ({
        submission_id: id!,
        code,
        occurred_at: '2026-03-01T10:00:00Z',
        reason,
        event_id: randomUUID(),
      });
      statements = [];
      const settled = await Promise.allSettled(
        [event(200), event(202, poison), event(204)].map((item) => recordLifecycleStatus(gateway.database.db, NO_EVENTS, item)),
      );
      expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      // The three went in one statement first, then one by one.
      expect(statements.filter((query) => query.includes('json_to_recordset')).length).toBeGreaterThanOrEqual(4);
      const history = (await client.get(`/v1/invoices/${id}/statuses`)).body.data;
      expect(history.map((entry: { code: number }) => entry.code)).toEqual([200, 204]);
    } finally {
      await gateway.database.db.execute(sql`ALTER TABLE lifecycle_statuses DROP CONSTRAINT ${constraint}`);
    }
  });

  it('hands the events of tenants that want an outbox to the sink inside the transaction, and all of them after commit', async () => {
    const [withOutbox, without] = [await gateway.tenant(), await gateway.tenant()];
    const [a] = await invoices(withOutbox, 1);
    const [b] = await invoices(without, 1);
    const recorded: CommittedEvent[] = [];
    const committed: CommittedEvent[] = [];
    const tenantOf = new Map<string, string>();
    const sink: EventSink = {
      wantsOutbox: async (_db, tenantId) => tenantId === tenantOf.get(a!),
      async recorded(tx, events) {
        // Inside the transaction: the statuses are visible here, before commit.
        const ids = events.map((event) => event.submissionId);
        const seen = await tx
          .select({ id: lifecycleStatuses.id })
          .from(lifecycleStatuses)
          .where(inArray(lifecycleStatuses.submissionId, ids));
        expect(seen.length).toBeGreaterThan(0);
        recorded.push(...events);
      },
      committed: (events) => void committed.push(...events),
    };
    const rows = (await gateway.database.db.execute(sql`select tenant_id::text as t from submissions where id = ${a}`)) as unknown;
    tenantOf.set(a!, (Array.isArray(rows) ? rows : (rows as { rows: Array<{ t: string }> }).rows)[0].t);
    const results = await Promise.all(
      [a, b, a, b].map((id, index) =>
        recordLifecycleStatus(gateway.database.db, sink, {
          submission_id: id!,
          code: index < 2 ? 200 : 213,
          occurred_at: '2026-03-01T10:00:00Z',
          event_id: randomUUID(),
        }),
      ),
    );
    expect(results.every((result) => result.ok && !result.duplicate)).toBe(true);
    expect(committed.map((event) => [event.submissionId, event.type])).toEqual([
      [a, 'lifecycle_status_added'],
      [b, 'lifecycle_status_added'],
      [a, 'lifecycle_status_added'],
      [a, 'processing_state_changed'],
      [b, 'lifecycle_status_added'],
      [b, 'processing_state_changed'],
    ]);
    const ofA = committed.filter((event) => event.submissionId === a);
    expect(recorded.filter((event) => event.submissionId === a)).toEqual(ofA);
    expect(ofA.every((event) => event.tenantId === tenantOf.get(a!))).toBe(true);
  });

  it("sends a known outbox tenant's statuses straight to their transaction: one batch statement each", async () => {
    const client = await gateway.tenant();
    const [id] = await invoices(client, 1);
    const sink: EventSink = { ...NO_EVENTS, wantsOutbox: async () => true };
    const record = (code: number) =>
      recordLifecycleStatus(gateway.database.db, sink, {
        submission_id: id!,
        code,
        occurred_at: '2026-03-01T10:00:00Z',
        event_id: randomUUID(),
      });
    const batchStatements = () => statements.filter((statement) => statement.includes('WITH ORDINALITY AS t(submission_id')).length;
    expect(await record(200)).toMatchObject({ ok: true }); // its tenant is learnt here
    const before = batchStatements();
    for (const code of [201, 202, 203]) expect(await record(code)).toMatchObject({ ok: true, duplicate: false });
    expect(batchStatements() - before).toBe(3);
  });

  it.runIf(engine === 'postgres')('sees a final status another writer commits while the batch waits for its lock', async () => {
    const client = await gateway.tenant();
    const [id] = await invoices(client, 1);
    const other = await openTestDatabase('postgres');
    try {
      let late: Promise<unknown> | undefined;
      await other.db.transaction(async (tx) => {
        const refusal = { submission_id: id!, code: 210, occurred_at: '2026-03-02T10:00:00.000Z', reason: 'Refus', reason_code: null };
        await recordBatch(tx, [{ ...refusal, event_id: randomUUID(), reason_missing: false, to_be_verified: false }], null);
        // Takes its snapshot now, then waits for this transaction's lock on the submission.
        late = recordLifecycleStatus(gateway.database.db, NO_EVENTS, {
          submission_id: id!,
          code: 205,
          occurred_at: '2026-03-01T10:00:00Z',
          event_id: randomUUID(),
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expect(await late).toMatchObject({ ok: true, status: { code: 205, flags: ['AFTER_FINAL_STATUS'] } });
    } finally {
      await other.close();
    }
  });
});
