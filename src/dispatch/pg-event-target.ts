/**
 * A Yoga event target over PostgreSQL LISTEN on one lowercase channel, created by the event hub (hub.ts): every
 * gateway process listening on the database dispatches what it hears to its local listeners. The NOTIFYs come from
 * the database itself (the `submission_events` trigger, migration 0027), inside the transaction that records the
 * events, so they are heard exactly when that transaction commits, whichever process committed it and whatever
 * becomes of that process afterwards. On the embedded engine the same code runs in-process.
 */
import { setMaxListeners } from 'node:events';
import type { PubSubEventTarget } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';

/** The channel every instance listens on; the trigger of migration 0027 names it too. */
export const EVENTS_CHANNEL = 'passerelle_events';

/** Topics to payloads, as Yoga's pubsub types them; this target relays any JSON payload. */
type AnyTopics = Record<string, [unknown]>;

/** A notification's payload: a JSON array of these (`type` is the hub's message type, `detail` the ids). */
export interface EventMessage {
  type: string;
  detail: unknown;
}

export interface PgEventTarget extends PubSubEventTarget<AnyTopics> {
  /** Starts listening; until then, only local dispatches reach listeners. */
  listen(): Promise<void>;
  /** Dispatches to this process's listeners only (fan-out to topics, resync). `dispatchEvent` does the same. */
  dispatchLocal(type: string, detail: unknown): void;
  /** Stops listening; the database stays open (the caller closes it). */
  close(): Promise<void>;
}

/**
 * `onResync` runs each time the LISTEN connection is re-established after a drop: notifications sent meanwhile are
 * lost, the caller replays what it may have missed. `onMessage` sees every message heard, listened to or not.
 */
export function createPgEventTarget(
  database: Database,
  options: { log: Logger; onResync?: () => void; onMessage?: (detail: unknown) => void; channel?: string },
): PgEventTarget {
  const channel = options.channel ?? EVENTS_CHANNEL;
  const local = new EventTarget();
  // One listener per subscription of a topic: a thousand is normal, not a leak.
  setMaxListeners(0, local);
  const dispatchLocal = (type: string, detail: unknown) => local.dispatchEvent(new CustomEvent(type, { detail }));
  let listened = false;
  let unlisten: (() => Promise<void>) | undefined;

  return {
    async listen() {
      unlisten = await database.listen(
        channel,
        (payload) => {
          try {
            for (const message of JSON.parse(payload) as EventMessage[]) {
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
      dispatchLocal(event.type, (event as CustomEvent).detail);
      return true;
    },
    dispatchLocal,
    async close() {
      try {
        await unlisten?.();
      } catch (error) {
        // The database may already be gone (shutdown order); there is nothing left to unlisten.
        options.log.debug({ err: error }, 'unlisten failed');
      }
    },
  };
}
