/**
 * Writes that arrive together are group-committed (`passerelle_submit_batch`):
 * each item must resolve exactly as it would alone, one after the other.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { idempotencyKeys, submissionEvents, submissions } from '../../src/db/schema.ts';
import { writeSubmission, type KeyRecord, type NewSubmission, type SubmitOutcome } from '../../src/domain/submissions/write.ts';
import { createToken } from '../../src/domain/tenancy/tenancy-service.ts';
import { engines } from '../support/gateway.ts';
import { suiteDatabase } from '../support/suite-gateway.ts';
import { key, row } from '../support/submission-rows.ts';

/** One item of a batch: the row, its key, and the outcome and submission id it must resolve to. */
type Item = [NewSubmission, KeyRecord | undefined, SubmitOutcome['outcome'], string | null];

describe.each(engines())('group commit of submissions (%s)', (engine) => {
  let database: Database;
  suiteDatabase(engine, (opened) => (database = opened));

  /** Writes the items in one turn of the event loop (they travel as one batch), checks each resolved as its row says. */
  async function batchResolvesAs(items: Item[]): Promise<SubmitOutcome[]> {
    const outcomes = await Promise.all(items.map(([submission, record]) => writeSubmission(database.db, submission, record)));
    expect(outcomes.map((outcome) => [outcome.outcome, outcome.submissionId])).toEqual(items.map(([, , outcome, id]) => [outcome, id]));
    return outcomes;
  }
  /** The ids of the tenant's stored submissions, sorted. */
  const storedIds = async (tenantId: string) =>
    (await database.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.tenantId, tenantId))).map((s) => s.id).sort();

  it('resolves each item of a batch as if it ran alone, in order', async () => {
    const { tenant } = await createToken(database.db, `batch-${randomUUID()}`);
    const first = row(tenant.id, { number: 'F-1', saasId: 'inv_1' });
    const sixth = row(tenant.id, { number: 'F-6' });
    const outcomes = await batchResolvesAs([
      [first, key('k-1', 'invoice:a'), 'accepted', first.id],
      [row(tenant.id, { number: 'F-1' }), undefined, 'duplicate', first.id], // the number is taken by the first item
      [row(tenant.id), key('k-1', 'invoice:a'), 'replayed', first.id], // same key, same request: the first item's reply
      [row(tenant.id), key('k-1', 'invoice:b'), 'idempotency_conflict', null], // same key, another request
      [row(tenant.id, { saasId: 'inv_1' }), undefined, 'duplicate', first.id], // the SaaS id is taken by the first item
      [sixth, key('k-6', 'invoice:f'), 'accepted', sixth.id],
    ]);
    expect(outcomes[5]!.eventId).toBeGreaterThan(outcomes[0]!.eventId!);

    expect(await storedIds(tenant.id)).toEqual([first.id, sixth.id].sort());
    const events = await database.db
      .select({ id: submissionEvents.id, submissionId: submissionEvents.submissionId })
      .from(submissionEvents)
      .where(eq(submissionEvents.tenantId, tenant.id));
    expect(events.map((event) => [Number(event.id), event.submissionId]).sort()).toEqual(
      [
        [outcomes[0]!.eventId, first.id],
        [outcomes[5]!.eventId, sixth.id],
      ].sort(),
    );
  });

  it('writes a batch of new items at once, with their keys, and events in item order', async () => {
    const { tenant } = await createToken(database.db, `batch-${randomUUID()}`);
    const rows = Array.from({ length: 5 }, () => row(tenant.id));
    const records = rows.map((submission, index) => (index % 2 === 0 ? key(`k-${submission.id}`, `invoice:${index}`) : undefined));
    const outcomes = await batchResolvesAs(rows.map((submission, index) => [submission, records[index], 'accepted', submission.id]));
    const eventIds = outcomes.map((outcome) => outcome.eventId!);
    expect([...eventIds].sort((a, b) => a - b)).toEqual(eventIds);
    expect(new Set(eventIds).size).toBe(rows.length);

    const events = await database.db
      .select({ id: submissionEvents.id, submissionId: submissionEvents.submissionId })
      .from(submissionEvents)
      .where(eq(submissionEvents.tenantId, tenant.id));
    expect(new Map(events.map((event) => [Number(event.id), event.submissionId]))).toEqual(
      new Map(outcomes.map((outcome) => [outcome.eventId!, outcome.submissionId!])),
    );
    const keys = await database.db
      .select({ key: idempotencyKeys.key, requestHash: idempotencyKeys.requestHash, submissionId: idempotencyKeys.submissionId })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.tenantId, tenant.id));
    expect(keys.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      rows
        .flatMap((submission, index) => (records[index] ? [{ ...records[index]!, submissionId: submission.id }] : []))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
  });

  it('resolves items that collide with stored rows one by one, leaving nothing of the attempt at once', async () => {
    const { tenant } = await createToken(database.db, `batch-${randomUUID()}`);
    const earlier = row(tenant.id);
    await writeSubmission(database.db, earlier, key('k-earlier', 'invoice:earlier'));
    const [fresh, last] = [row(tenant.id), row(tenant.id)];
    await batchResolvesAs([
      [fresh, key('k-fresh', 'invoice:fresh'), 'accepted', fresh.id],
      [row(tenant.id), key('k-earlier', 'invoice:earlier'), 'replayed', earlier.id], // replays the earlier request
      [row(tenant.id, { number: earlier.number }), undefined, 'duplicate', earlier.id], // its number is the earlier one's
      [row(tenant.id), key('k-earlier', 'invoice:other'), 'idempotency_conflict', null], // the earlier key, another request
      [last, undefined, 'accepted', last.id],
    ]);
    expect(await storedIds(tenant.id)).toEqual([earlier.id, fresh.id, last.id].sort());
    const events = await database.db
      .select({ submissionId: submissionEvents.submissionId })
      .from(submissionEvents)
      .where(eq(submissionEvents.tenantId, tenant.id));
    expect(events.map((event) => event.submissionId).sort()).toEqual([earlier.id, fresh.id, last.id].sort());
    const keys = await database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.tenantId, tenant.id));
    expect(keys.map((record) => record.key).sort()).toEqual(['k-earlier', 'k-fresh']);
  });

  // PGlite has one connection: no transaction can run beside the batch there.
  describe.runIf(engine === 'postgres')('with a key written by a concurrent transaction', () => {
    it.each([
      {
        // The batch's set-based insert waits on the rival's key and gives way; its items then run one by one,
        // after the rival committed, so the key is simply taken by another document.
        case: 'a batch',
        expected: { outcome: 'idempotency_conflict', submissionId: null, eventId: null },
        alone: false,
      },
      {
        // A write alone runs passerelle_submit_item, whose insert of the key waits on the rival: the item
        // undoes its own row and reports the key as taken.
        case: 'a write alone',
        expected: { outcome: 'key_taken', submissionId: null, eventId: null },
        alone: true,
      },
    ])('refuses the key in $case, writing nothing for it', async ({ expected, alone }) => {
      const { tenant } = await createToken(database.db, `batch-${randomUUID()}`);
      const other = postgres(process.env.TEST_DATABASE_URL!, { max: 2, onnotice: () => {} });
      try {
        const rival = row(tenant.id);
        const [loser, bystander] = [row(tenant.id), row(tenant.id)];
        const keyName = `k-race-${randomUUID()}`;
        const connection = await other.reserve();
        await connection`begin`;
        // The rival writes the key but does not commit yet.
        await connection`select * from passerelle_submit_item(${rival.id}, ${tenant.id}, 'invoice', ${rival.saasId}, ${rival.number},
          '2026-11-22', null, null, null, ${rival.body}, ${rival.bodySha256}, now(), ${keyName}, 'invoice:rival')`;
        const pending = Promise.all([
          writeSubmission(database.db, loser, key(keyName, 'invoice:loser')),
          ...(alone ? [] : [writeSubmission(database.db, bystander, undefined)]),
        ]);
        // Commit only once the batch waits on the rival's key.
        for (let waited = 0; ; waited += 20) {
          const [waiting] =
            await other`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
          if (waiting!.n > 0) break;
          if (waited > 10_000) throw new Error('the batch never waited on the rival key');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await connection`commit`;
        connection.release();
        const [lost, ...others] = await pending;
        expect(lost).toEqual(expected);
        expect(others.map((outcome) => outcome.outcome)).toEqual(alone ? [] : ['accepted']);
        const stored = await database.db
          .select({ id: submissions.id })
          .from(submissions)
          .where(inArray(submissions.id, [rival.id, loser.id, bystander.id]));
        expect(stored.map((submission) => submission.id).sort()).toEqual((alone ? [rival.id] : [rival.id, bystander.id]).sort());
      } finally {
        await other.end();
      }
    });
  });
});
