/**
 * The PostgreSQL event target on the embedded engine (same LISTEN code path as on PostgreSQL): what a listener
 * hears of the database's NOTIFYs, in order, across payloads, and nothing once it is removed.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.ts';
import { openEmbedded } from '../../../src/db/open.ts';
import { createPgEventTarget, type EventMessage, type PgEventTarget } from '../../../src/dispatch/pg-event-target.ts';

const log = pino({ level: 'silent' });
const CHANNEL = 'unit_events';

/** NOTIFYs `messages` on the channel, `perPayload` a payload, as the trigger of migration 0027 does. */
async function notify(database: Database, messages: EventMessage[], perPayload = 25): Promise<void> {
  for (let start = 0; start < messages.length; start += perPayload)
    await database.notify(CHANNEL, JSON.stringify(messages.slice(start, start + perPayload)));
}
const message = (type: string, detail: unknown): EventMessage => ({ type, detail });

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
    target = createPgEventTarget(database, { log, channel: CHANNEL });
    await target.listen();
  });
  afterAll(async () => {
    await target.close();
    await database.close();
  });

  it('delivers every event of its type, in order, across NOTIFY payloads', async () => {
    const sent = Array.from({ length: 2000 }, (_, i) => ({ id: i, pad: 'x'.repeat(80) }));
    const listener = hear(target, 'topic:a', sent.length);
    const other = hear(target, 'topic:b', 1);
    await notify(
      database,
      sent.map((detail) => message('topic:a', detail)),
    );
    await listener.done;
    listener.stop();
    other.stop();
    expect(listener.heard).toEqual(sent);
    expect(other.heard).toEqual([]);
  });

  it('stops delivering to a removed listener, and delivers again to a new one', async () => {
    const first = hear(target, 'topic:c', 1);
    await notify(database, [message('topic:c', 1)]);
    await first.done;
    first.stop();
    const second = hear(target, 'topic:d', 1);
    await notify(database, [message('topic:c', 2), message('topic:d', 3)]);
    await second.done;
    second.stop();
    expect(first.heard).toEqual([1]);
    expect(second.heard).toEqual([3]);
    const again = hear(target, 'topic:c', 1);
    await notify(database, [message('topic:c', 4)]);
    await again.done;
    again.stop();
    expect(again.heard).toEqual([4]);
  });
});
