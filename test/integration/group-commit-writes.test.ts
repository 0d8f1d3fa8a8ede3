/**
 * What a group-committed batch stores and how it fails: bodies byte for byte,
 * their compression, one bad item among good ones, and the follow-up work
 * (webhook fan-out) committed with the accepted items only.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { submissionEvents, submissions } from '../../src/db/schema.ts';
import { writeSubmission, type AcceptedFollowUp } from '../../src/domain/submissions/write.ts';
import { createToken } from '../../src/domain/tenancy/tenancy-service.ts';
import { engines } from '../support/gateway.ts';
import { suiteDatabase } from '../support/suite-gateway.ts';
import { row } from '../support/submission-rows.ts';

describe.each(engines())('group commit: what a batch stores (%s)', (engine) => {
  let database: Database;
  suiteDatabase(engine, (opened) => (database = opened));

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
        .where(
          inArray(
            submissions.id,
            rows.map((submission) => submission.id),
          ),
        );
      expect(new Map(stored.map((submission) => [submission.id, submission.body]))).toEqual(
        new Map(rows.map((submission) => [submission.id, submission.body])),
      );
    }
  });

  it('compresses stored bodies with lz4 where the server has it (migration 0009)', async () => {
    const { tenant } = await createToken(database.db, `batch-${randomUUID()}`);
    // Past the 2 KB at which PostgreSQL compresses a value, and compressible.
    const submission = {
      ...row(tenant.id),
      body: JSON.stringify({ lines: Array.from({ length: 200 }, (_, index) => ({ id: index, note: 'ligne' })) }),
    };
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
    const [one, two] = await Promise.all([
      writeSubmission(database.db, other, undefined, followUp),
      writeSubmission(database.db, row(tenant.id), undefined, followUp),
    ]);
    expect([one.outcome, two.outcome]).toEqual(['accepted', 'accepted']);
    expect(calls).toEqual([[other.id, two.submissionId]]);

    const events = await database.db
      .select({ submissionId: submissionEvents.submissionId, type: submissionEvents.type })
      .from(submissionEvents)
      .where(eq(submissionEvents.tenantId, tenant.id));
    const byType = (type: string) =>
      events
        .filter((event) => event.type === type)
        .map((event) => event.submissionId)
        .sort();
    expect(byType('received')).toEqual([kept.id, plain.id, other.id, two.submissionId].sort());
    expect(byType('processing_state_changed')).toEqual([kept.id, other.id, two.submissionId].sort());
  });
});
