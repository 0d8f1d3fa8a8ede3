/**
 * The PostgreSQL event target on the embedded engine (same LISTEN/NOTIFY
 * code path as on PostgreSQL): what a listener hears, in order, across
 * NOTIFY payload splits, and nothing once it is removed.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.ts';
import { openEmbedded } from '../../../src/db/open.ts';
import { createPgEventTarget, type PgEventTarget } from '../../../src/dispatch/pg-event-target.ts';

const log = pino({ level: 'silent' });

/** Resolves once `listener` has heard `count` events. */
function hear(target: PgEventTarget, type: string, count: number): { heard: unknown[]; done: Promise<void>; stop(): void } {
  const heard: unknown[] = [];
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  const listener = (event: Event) => {
    heard.push((event as CustomEvent).detail);
    if (heard.length === count) resolve();
  };
  target.addEventListener(type, listener);
  return { heard, done, stop: () => target.removeEventListener(type, listener) };
}

describe('PostgreSQL event target', () => {
  let database: Database;
  let target: PgEventTarget;
  beforeAll(async () => {
    database = await openEmbedded();
    target = createPgEventTarget(database, { log, channel: 'unit_events' });
    await target.listen();
  });
  afterAll(async () => {
    await target.close();
    await database.close();
  });

  it('delivers every event of its type, in order, across NOTIFY payload splits', async () => {
    // ~200 KB of messages: about 30 NOTIFYs of at most 7900 bytes each.
    const sent = Array.from({ length: 2000 }, (_, i) => ({ id: i, pad: 'x'.repeat(80) }));
    const listener = hear(target, 'topic:a', sent.length);
    const other = hear(target, 'topic:b', 1);
    for (const detail of sent) target.dispatchEvent(new CustomEvent('topic:a', { detail }));
    await listener.done;
    listener.stop();
    other.stop();
    expect(listener.heard).toEqual(sent);
    expect(other.heard).toEqual([]);
  });

  it('stops delivering to a removed listener, and delivers again to a new one', async () => {
    const first = hear(target, 'topic:c', 1);
    target.dispatchEvent(new CustomEvent('topic:c', { detail: 1 }));
    await first.done;
    first.stop();
    const second = hear(target, 'topic:d', 1);
    target.dispatchEvent(new CustomEvent('topic:c', { detail: 2 }));
    target.dispatchEvent(new CustomEvent('topic:d', { detail: 3 }));
    await second.done;
    second.stop();
    expect(first.heard).toEqual([1]);
    expect(second.heard).toEqual([3]);
    const again = hear(target, 'topic:c', 1);
    target.dispatchEvent(new CustomEvent('topic:c', { detail: 4 }));
    await again.done;
    again.stop();
    expect(again.heard).toEqual([4]);
  });

  it('spaces NOTIFYs by minIntervalMs under a stream of events, the first after a quiet spell at once', async () => {
    const interval = 300;
    const notified: Array<{ at: number; messages: number }> = [];
    const spaced: Database = {
      ...database,
      notify: (channel, payload) => {
        notified.push({ at: performance.now(), messages: (JSON.parse(payload) as unknown[]).length });
        return database.notify(channel, payload);
      },
    };
    const paced = createPgEventTarget(spaced, { log, channel: 'unit_paced', minIntervalMs: interval });
    await paced.listen();
    const started = async (count: number) => {
      while (notified.length < count) await new Promise((resolve) => setImmediate(resolve));
    };
    try {
      const burst = hear(paced, 'topic:p', 4);
      paced.dispatchEvent(new CustomEvent('topic:p', { detail: 1 }));
      await started(1);
      // These arrive while the first NOTIFY is out: they wait for the interval, together.
      for (const detail of [2, 3, 4]) paced.dispatchEvent(new CustomEvent('topic:p', { detail }));
      await burst.done;
      burst.stop();
      expect(burst.heard).toEqual([1, 2, 3, 4]);
      expect(notified.map((notify) => notify.messages)).toEqual([1, 3]);
      expect(notified[1]!.at - notified[0]!.at).toBeGreaterThanOrEqual(interval - 1);

      await new Promise((resolve) => setTimeout(resolve, interval));
      const later = hear(paced, 'topic:p', 1);
      const quietAt = performance.now();
      paced.dispatchEvent(new CustomEvent('topic:p', { detail: 5 }));
      await later.done;
      later.stop();
      expect(notified).toHaveLength(3);
      expect(notified[2]!.at - quietAt).toBeLessThan(interval / 2);
    } finally {
      await paced.close();
    }
  });
});
