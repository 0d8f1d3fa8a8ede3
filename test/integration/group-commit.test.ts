/**
 * Writes that arrive together are group-committed (`passerelle_submit_batch`):
 * each item must resolve exactly as it would alone, one after the other.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { idempotencyKeys, submissionEvents, submissions } from '../../src/db/schema.ts';
import { newSubmissionId } from '../../src/domain/ids.ts';
import type { NewSubmission } from '../../src/domain/submissions/store.ts';
import { writeSubmission, type AcceptedFollowUp, type KeyRecord } from '../../src/domain/submissions/write.ts';
import { createToken } from '../../src/domain/tenancy/service.ts';
import { engines, openTestDatabase } from '../support/gateway.ts';

/** A submission row of `tenantId`; `number` and `saasId` default to fresh values. */
function row(tenantId: string, fields: { number?: string; saasId?: string } = {}): NewSubmission {
  const { id, createdAt } = newSubmissionId();
  const unique = randomUUID().slice(0, 8);
  return {
    id,
    tenantId,
    documentType: 'invoice',
    saasId: fields.saasId ?? `inv_${unique}`,
    number: fields.number ?? `F-${unique}`,
    processingState: 'received',
    issueDate: '2026-11-22',
    originSubmissionId: null,
    precedingInvoiceNumber: null,
    precedingInvoiceDate: null,
    body: `{"number":"${fields.number ?? unique}"}`,
    bodySha256: unique,
    createdAt,
  };
}

const key = (name: string, requestHash: string): KeyRecord => ({ key: name, requestHash });

describe.each(engines())('group commit of submissions (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('resolves each item of a batch as if it ran alone, in order', async () => {
    const { tenant } = await createToken(database.db, `batch-${randomUUID()}`);
    const first = row(tenant.id, { number: 'F-1', saasId: 'inv_1' });
    const writes: Array<[NewSubmission, KeyRecord | undefined]> = [
      [first, key('k-1', 'invoice:a')],
      [row(tenant.id, { number: 'F-1' }), undefined], // the number is taken by the first item
      [row(tenant.id), key('k-1', 'invoice:a')], // same key, same request: the first item's reply
      [row(tenant.id), key('k-1', 'invoice:b')], // same key, another request
      [row(tenant.id, { saasId: 'inv_1' }), undefined], // the SaaS id is taken by the first item
      [row(tenant.id, { number: 'F-6' }), key('k-6', 'invoice:f')],
    ];
    // Issued in one turn of the event loop: they travel as one batch.
    const outcomes = await Promise.all(writes.map(([submission, record]) => writeSubmission(database.db, submission, record)));

    expect(outcomes.map((outcome) => [outcome.outcome, outcome.submissionId])).toEqual([
      ['accepted', first.id],
      ['duplicate', first.id],
      ['replayed', first.id],
      ['idempotency_conflict', null],
      ['duplicate', first.id],
      ['accepted', writes[5]![0].id],
    ]);
    expect(outcomes[5]!.eventId).toBeGreaterThan(outcomes[0]!.eventId!);

    const stored = await database.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.tenantId, tenant.id));
    expect(stored.map((submission) => submission.id).sort()).toEqual([first.id, writes[5]![0].id].sort());
    const events = await database.db
      .select({ id: submissionEvents.id, submissionId: submissionEvents.submissionId })
      .from(submissionEvents)
      .where(eq(submissionEvents.tenantId, tenant.id));
    expect(events.map((event) => [Number(event.id), event.submissionId]).sort()).toEqual(
      [
        [outcomes[0]!.eventId, first.id],
        [outcomes[5]!.eventId, writes[5]![0].id],
      ].sort(),
    );
  });

  it('writes a batch of new items at once, with their keys, and events in item order', async () => {
    const { tenant } = await createToken(database.db, `batch-${randomUUID()}`);
    const rows = Array.from({ length: 5 }, () => row(tenant.id));
    const records = rows.map((submission, index) => (index % 2 === 0 ? key(`k-${submission.id}`, `invoice:${index}`) : undefined));
    const outcomes = await Promise.all(rows.map((submission, index) => writeSubmission(database.db, submission, records[index])));

    expect(outcomes.map((outcome) => [outcome.outcome, outcome.submissionId])).toEqual(rows.map((submission) => ['accepted', submission.id]));
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
    const writes: Array<[NewSubmission, KeyRecord | undefined]> = [
      [fresh, key('k-fresh', 'invoice:fresh')],
      [row(tenant.id), key('k-earlier', 'invoice:earlier')], // replays the earlier request
      [row(tenant.id, { number: earlier.number }), undefined], // its number is the earlier one's
      [row(tenant.id), key('k-earlier', 'invoice:other')], // the earlier key, another request
      [last, undefined],
    ];
    const outcomes = await Promise.all(writes.map(([submission, record]) => writeSubmission(database.db, submission, record)));

    expect(outcomes.map((outcome) => [outcome.outcome, outcome.submissionId])).toEqual([
      ['accepted', fresh.id],
      ['replayed', earlier.id],
      ['duplicate', earlier.id],
      ['idempotency_conflict', null],
      ['accepted', last.id],
    ]);
    const stored = await database.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.tenantId, tenant.id));
    expect(stored.map((submission) => submission.id).sort()).toEqual([earlier.id, fresh.id, last.id].sort());
    const events = await database.db
      .select({ submissionId: submissionEvents.submissionId })
      .from(submissionEvents)
      .where(eq(submissionEvents.tenantId, tenant.id));
    expect(events.map((event) => event.submissionId).sort()).toEqual([earlier.id, fresh.id, last.id].sort());
    const keys = await database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.tenantId, tenant.id));
    expect(keys.map((record) => record.key).sort()).toEqual(['k-earlier', 'k-fresh']);
  });

  it('stores each body of a batch exactly as given, separator or not', async () => {
    const { tenant } = await createToken(database.db, `batch-${randomUUID()}`);
    const bodies = [
      '{"note":"Société \\"Dupont\\" — 10 €, ligne\\nsuivante"}\n',
      '  [ {"a": "\\u001e"}, "😀" ]\t',
      // Not JSON, so never sent by the gateway: the batch function refuses it, and its items go one by one.
      '{"raw":"\x1e"}',
    ];
    const batches = [bodies.slice(0, 2), bodies];
    for (const batch of batches) {
      const rows = batch.map((body) => ({ ...row(tenant.id), body }));
      const outcomes = await Promise.all(rows.map((submission) => writeSubmission(database.db, submission, undefined)));
      expect(outcomes.map((outcome) => outcome.outcome)).toEqual(rows.map(() => 'accepted'));
      const stored = await database.db
        .select({ id: submissions.id, body: submissions.body })
        .from(submissions)
        .where(inArray(submissions.id, rows.map((submission) => submission.id)));
      expect(new Map(stored.map((submission) => [submission.id, submission.body]))).toEqual(new Map(rows.map((submission) => [submission.id, submission.body])));
    }
  });

  it('compresses stored bodies with lz4 where the server has it (migration 0009)', async () => {
    const { tenant } = await createToken(database.db, `batch-${randomUUID()}`);
    // Past the 2 KB at which PostgreSQL compresses a value, and compressible.
    const submission = { ...row(tenant.id), body: JSON.stringify({ lines: Array.from({ length: 200 }, (_, index) => ({ id: index, note: 'ligne' })) }) };
    await writeSubmission(database.db, submission, undefined);
    const [stored] = await database.db
      .select({ method: sql<string>`pg_column_compression(${submissions.body})` })
      .from(submissions)
      .where(eq(submissions.id, submission.id));
    expect(stored!.method).toBe(engine === 'postgres' ? 'lz4' : 'pglz');
  });

  it('keeps a bad item from failing the others of its batch', async () => {
    const { tenant } = await createToken(database.db, `batch-${randomUUID()}`);
    const good = [row(tenant.id), row(tenant.id)];
    const bad = { ...row(tenant.id), issueDate: '2026-02-30' }; // PostgreSQL refuses the date
    const settled = await Promise.allSettled(
      [good[0]!, bad, good[1]!].map((submission) => writeSubmission(database.db, submission, undefined)),
    );
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await database.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.tenantId, tenant.id), inArray(submissions.id, [good[0]!.id, bad.id, good[1]!.id])));
    expect(stored.map((submission) => submission.id).sort()).toEqual(good.map((submission) => submission.id).sort());
  });

  it('runs the follow-up once per transaction with its accepted items, and commits it with them only', async () => {
    const { tenant } = await createToken(database.db, `batch-${randomUUID()}`);
    // The follow-up writes a second event per item; with `doomed` among them it fails, as a full outbox queue would.
    const [kept, doomed, plain, refused, other] = [row(tenant.id), row(tenant.id), row(tenant.id), row(tenant.id), row(tenant.id)];
    refused.number = kept.number;
    const calls: string[][] = [];
    const followUp: AcceptedFollowUp = async (tx, accepted) => {
      calls.push(accepted.map(({ row }) => row.id));
      if (accepted.some(({ outcome }) => outcome.submissionId === doomed.id)) await tx.execute(sql`select 1 / 0`);
      await tx.insert(submissionEvents).values(
        accepted.map(({ outcome }) => ({
          tenantId: tenant.id,
          submissionId: outcome.submissionId!,
          type: 'processing_state_changed' as const,
          processingState: 'received' as const,
        })),
      );
    };
    const settled = await Promise.allSettled([
      writeSubmission(database.db, kept, undefined, followUp),
      writeSubmission(database.db, doomed, undefined, followUp),
      writeSubmission(database.db, plain, undefined),
      writeSubmission(database.db, refused, undefined, followUp),
    ]);
    expect(settled.map((result) => (result.status === 'fulfilled' ? result.value.outcome : 'rejected'))).toEqual([
      'accepted',
      'rejected',
      'accepted',
      'duplicate',
    ]);
    // Once for the batch (rolled back by `doomed`), then once per item retried alone and accepted.
    expect(calls).toEqual([[kept.id, doomed.id], [kept.id], [doomed.id]]);

    // Without a bad item, one call covers the whole batch.
    calls.length = 0;
    const [one, two] = await Promise.all([writeSubmission(database.db, other, undefined, followUp), writeSubmission(database.db, row(tenant.id), undefined, followUp)]);
    expect([one.outcome, two.outcome]).toEqual(['accepted', 'accepted']);
    expect(calls).toEqual([[other.id, two.submissionId]]);

    const events = await database.db
      .select({ submissionId: submissionEvents.submissionId, type: submissionEvents.type })
      .from(submissionEvents)
      .where(eq(submissionEvents.tenantId, tenant.id));
    const byType = (type: string) => events.filter((event) => event.type === type).map((event) => event.submissionId).sort();
    expect(byType('received')).toEqual([kept.id, plain.id, other.id, two.submissionId].sort());
    expect(byType('processing_state_changed')).toEqual([kept.id, other.id, two.submissionId].sort());
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
          const [waiting] = await other`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
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
