/**
 * The fan-out loop takes its jobs as one batch (one `fanout` call, one
 * transaction) and, when that call fails, runs each event alone, so only the
 * event that keeps failing is failed and retried. Real pg-boss on the
 * embedded engine; the handlers are the test's.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.ts';
import { openEmbedded } from '../../../src/db/open.ts';
import { createWebhookQueue, type WebhookQueue } from '../../../src/webhooks/queue.ts';

const BAD_EVENT = 13;

describe('webhook fan-out batches', () => {
  let database: Database;
  let queue: WebhookQueue;
  const calls: number[][] = [];
  const done = new Set<number>();
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  const events = [11, 12, BAD_EVENT, 14];

  beforeAll(async () => {
    database = await openEmbedded();
    queue = createWebhookQueue(database, pino({ level: 'silent' }));
    await queue.start(
      {
        async fanout(eventIds) {
          calls.push([...eventIds]);
          if (eventIds.includes(BAD_EVENT)) throw new Error(`event ${BAD_EVENT} cannot be fanned out`);
          for (const id of eventIds) done.add(id);
          if (events.filter((id) => id !== BAD_EVENT).every((id) => done.has(id))) allDone();
        },
        async attempt() {},
      },
      1,
    );
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  it('fans out a batch in one call, and each event alone when the batch fails', async () => {
    await queue.enqueueFanouts(database.db, events);
    queue.wakeFanout();
    await finished;
    // First the whole batch (the four jobs were fetched together), then each event on its own.
    expect(calls[0]!.slice().sort()).toEqual([...events].sort());
    const singles = calls.slice(1);
    expect(singles.every((call) => call.length === 1)).toBe(true);
    expect(singles.map((call) => call[0]).sort()).toEqual([...events].sort());
    expect([...done].sort()).toEqual([11, 12, 14]);
    // The bad event's job is failed and waits for its retry; the others completed (once pg-boss
    // has recorded the batch's outcome, just after the handler returned).
    const states = () =>
      database.executeSql(`select data->>'eventId' as event, state from pgboss.job where name = 'webhook-fanout' order by 1`);
    let { rows } = await states();
    for (let tries = 0; tries < 50 && rows.some((row) => row.state === 'active'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ({ rows } = await states());
    }
    expect(rows).toEqual([
      { event: '11', state: 'completed' },
      { event: '12', state: 'completed' },
      { event: '13', state: expect.stringMatching(/^(retry|failed)$/) },
      { event: '14', state: 'completed' },
    ]);
  });
});
