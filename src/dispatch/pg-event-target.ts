/**
 * A Yoga event target over PostgreSQL LISTEN/NOTIFY on one lowercase channel:
 * `dispatchEvent` sends a NOTIFY, and every gateway process listening on the
 * database (this one included) dispatches it to its local listeners. On the
 * embedded engine the same code runs in-process. Payloads must carry ids
 * only: NOTIFY refuses anything near 8000 bytes.
 */
import { setMaxListeners } from 'node:events';
import type { PubSubEventTarget } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';

/** The channel every instance listens on. */
export const EVENTS_CHANNEL = 'passerelle_events';

const MAX_PAYLOAD_BYTES = 7900;

/** Topics to payloads, as Yoga's pubsub types them; this target relays any JSON payload. */
type AnyTopics = Record<string, [unknown]>;

export interface PgEventTarget extends PubSubEventTarget<AnyTopics> {
  /** Starts listening; until then, only local dispatches reach listeners. */
  listen(): Promise<void>;
  /** Dispatches to this process's listeners only, without NOTIFY (used to resync). */
  dispatchLocal(type: string, detail: unknown): void;
  /** Sends the NOTIFYs still waiting, then stops listening; the database stays open (the caller closes it). */
  close(): Promise<void>;
}

/**
 * `onResync` runs each time the LISTEN connection is re-established after a
 * drop: notifications sent meanwhile are lost, the caller replays what it may
 * have missed. `onMessage` sees every notification heard, listened to or not.
 */
export function createPgEventTarget(
  database: Database,
  options: {
    log: Logger;
    onResync?: () => void;
    onMessage?: (detail: unknown) => void;
    channel?: string;
    /**
     * Least time between the starts of two NOTIFYs (default 0). Each NOTIFY is
     * a transaction that wakes every listening backend: under a steady stream
     * of events, spacing them lets each carry more. The first NOTIFY after a
     * quiet spell goes at once; a message waits at most this long more.
     */
    minIntervalMs?: number;
  },
): PgEventTarget {
  const channel = options.channel ?? EVENTS_CHANNEL;
  const local = new EventTarget();
  // One listener per subscription of a topic: a thousand is normal, not a leak.
  setMaxListeners(0, local);
  const dispatchLocal = (type: string, detail: unknown) => local.dispatchEvent(new CustomEvent(type, { detail }));
  let listened = false;
  let unlisten: (() => Promise<void>) | undefined;
  // One NOTIFY at a time, in order: pooled connections would otherwise reorder
  // events of one submission. Messages waiting meanwhile share a NOTIFY.
  const outbox: string[] = [];
  let flushing: Promise<void> | undefined;
  const minInterval = options.minIntervalMs ?? 0;
  let lastStart = -Infinity;
  async function flush(): Promise<void> {
    while (outbox.length > 0) {
      const wait = lastStart + minInterval - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastStart = performance.now();
      let batch = outbox.shift()!;
      let bytes = Buffer.byteLength(batch);
      while (outbox.length > 0 && bytes + Buffer.byteLength(outbox[0]!) + 1 < MAX_PAYLOAD_BYTES) {
        const next = outbox.shift()!;
        bytes += Buffer.byteLength(next) + 1;
        batch += `,${next}`;
      }
      try {
        await database.notify(channel, `[${batch}]`);
      } catch (error) {
        options.log.error({ err: error }, 'NOTIFY failed');
      }
    }
    flushing = undefined;
  }

  return {
    async listen() {
      unlisten = await database.listen(
        channel,
        (payload) => {
          try {
            const messages = JSON.parse(payload) as Array<{ type: string; detail: unknown }>;
            for (const message of messages) {
              options.onMessage?.(message.detail);
              dispatchLocal(message.type, message.detail);
            }
          } catch (error) {
            options.log.warn({ err: error }, 'ignored a malformed notification');
          }
        },
        () => {
          if (listened) options.onResync?.();
          listened = true;
        },
      );
    },
    addEventListener: local.addEventListener.bind(local),
    removeEventListener: local.removeEventListener.bind(local),
    dispatchEvent(event) {
      const message = JSON.stringify({ type: event.type, detail: event.detail });
      if (Buffer.byteLength(message) > MAX_PAYLOAD_BYTES) {
        throw new Error(`event ${event.type} is too large for NOTIFY (${Buffer.byteLength(message)} bytes): send ids`);
      }
      outbox.push(message);
      // Started on a microtask: everything dispatched in this tick (both topics of an event,
      // every event of a transaction) shares one NOTIFY.
      flushing ??= Promise.resolve().then(flush);
      return true;
    },
    dispatchLocal,
    async close() {
      // Events committed before the stop still reach the other instances: the caller closes the database next.
      await flushing;
      try {
        await unlisten?.();
      } catch (error) {
        // The database may already be gone (shutdown order); there is nothing left to unlisten.
        options.log.debug({ err: error }, 'unlisten failed');
      }
    },
  };
}
