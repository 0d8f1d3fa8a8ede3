/**
 * The `submission_events` trigger (migration 0027) on both engines: the ids of committed events reach every listener
 * through the database's own NOTIFY, sent inside the committing transaction, so they are heard when (and only when)
 * it commits, each once, with the shape the hub parses (src/dispatch/pg-event-target.ts).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { createPgEventTarget, type PgEventTarget } from '../../src/dispatch/pg-event-target.ts';
import { writeSubmission } from '../../src/domain/submissions/write.ts';
import { createToken } from '../../src/domain/tenancy/tenancy-service.ts';
import { engines, openTestDatabase } from '../support/gateway.ts';
import { row } from '../support/submission-rows.ts';

const log = pino({ level: 'silent' });

describe.each(engines())('events announced by their own commit (%s)', (engine) => {
  let database: Database;
  let target: PgEventTarget;
  const heard: Array<Record<string, unknown>> = [];
  const payloadSizes: number[] = [];
  let unlisten: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    target = createPgEventTarget(database, { log, onMessage: () => {} });
    target.addEventListener('committed', (event) => heard.push((event as CustomEvent).detail));
    unlisten = await database.listen('passerelle_events', (payload) => payloadSizes.push((JSON.parse(payload) as unknown[]).length));
    await target.listen();
  });
  afterAll(async () => {
    await unlisten?.();
    await target?.close();
    await database?.close();
  });

  /** Waits until `done` holds, or `ms` passed. */
  async function until(done: () => boolean, ms = 5000): Promise<void> {
    const end = Date.now() + ms;
    while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const of = (tenantId: string) => heard.filter((event) => event.tenantId === tenantId);

  it('announces each event of a group-committed batch once, in payloads of at most 25 events', async () => {
    const { tenant } = await createToken(database.db, `notify-${randomUUID()}`);
    const rows = Array.from({ length: 60 }, () => row(tenant.id));
    const before = payloadSizes.length;
    const outcomes = await Promise.all(rows.map((submission) => writeSubmission(database.db, submission, undefined)));
    await until(() => of(tenant.id).length >= rows.length);
    const events = of(tenant.id);
    expect(events.map((event) => event.submissionId).sort()).toEqual(rows.map((submission) => submission.id).sort());
    expect(events.map((event) => event.id).sort()).toEqual(outcomes.map((outcome) => outcome.eventId).sort());
    expect(events[0]).toEqual({
      id: expect.any(Number),
      type: 'received',
      tenantId: tenant.id,
      submissionId: expect.any(String),
      documentType: 'invoice',
    });
    // However the batches fell, no payload carried more than 25 events, and they carried all of them.
    const sizes = payloadSizes.slice(before);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(25);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(rows.length);
  });

  it('announces nothing for a rolled-back transaction, and the same write once committed', async () => {
    const { tenant } = await createToken(database.db, `notify-${randomUUID()}`);
    const submission = row(tenant.id);
    await writeSubmission(database.db, submission, undefined);
    await until(() => of(tenant.id).length === 1);
    const insert = sql`insert into submission_events (tenant_id, submission_id, type, processing_state)
      values (${tenant.id}, ${submission.id}, 'processing_state_changed', 'validated')`;

    await database.db
      .transaction(async (tx) => {
        await tx.execute(insert);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(of(tenant.id)).toHaveLength(1);

    await database.db.transaction(async (tx) => {
      await tx.execute(insert);
    });
    await until(() => of(tenant.id).length === 2);
    expect(of(tenant.id).map((event) => event.type)).toEqual(['received', 'processing_state_changed']);
  });
});
