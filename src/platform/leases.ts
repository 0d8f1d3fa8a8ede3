/**
 * Named leases a dead gateway instance gives up within seconds, for the PA connector's single jobs shared by several
 * instances on one database. Called by the senders (outbound/flow-sender.ts, outbound/status-212-sender.ts) and the
 * status poller (inbound/status-poller.ts).
 *
 * Two kinds, one rule: a lease lasts `leaseMs` (PA_LEASE_MS, 20 s by default) from its last renewal, and the living
 * holder renews it every `leaseMs / 4` whatever its work is doing (a createFlow waiting 30 s for its answer included),
 * so a lease is never lost by a live instance with a running event loop, and a killed instance's leases are free
 * `leaseMs` after its last renewal instead of after the longest request could last. Renewals run on the database's
 * clock, so the instances' clocks do not matter. Works alike on PostgreSQL and PGlite (no session state).
 * - `createNamedLease`: one row of `platform_leases` per job (a connection's status poll, its acknowledgement poll);
 *   `holder` is a random id per connector started (flow-connector.ts; two connectors in one process compete like
 *   two processes).
 * - claimed outbox rows (their due-at column is the lease) are kept by src/db/row-leases.ts's `createRowKeeper`, the
 *   ids in hand pushed forward together.
 * A lease taken over from a stalled-but-alive instance is harmless to exactly-once sending: an attempt is committed
 * "outcome unknown" before its createFlow, and the next attempt searches by trackingId over a grace period first.
 * Why not a session-level advisory lock (freed when its connection dies): it needs a connection reserved per job out of
 * the pool on PostgreSQL and means nothing on PGlite; a row works on both engines and an operator can read it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { renewEveryMs } from '../db/row-leases.ts';
import { rowsOf } from '../db/rows.ts';

const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000}::float8)`;

/** A job only one instance runs at a time. */
export interface NamedLease {
  /** Takes the lease if free (no query while held); true when this instance holds it. Throws on database errors. */
  acquire(): Promise<boolean>;
  /** Whether this instance held the lease at its last acquire or renewal. */
  held(): boolean;
  /** Stops renewing and frees the lease at once (on stop), so another instance need not wait. */
  release(): Promise<void>;
}

/** A lease named `name` for `holder` (a random id by default), renewed in the background while held. */
export function createNamedLease(db: Db, name: string, leaseMs: number, holder: string = randomUUID()): NamedLease {
  let mine = false;
  let timer: NodeJS.Timeout | undefined;
  const take = async () => {
    const rows = rowsOf<{ holder: string }>(
      await db.execute(sql`INSERT INTO platform_leases (name, holder, renewed_at) VALUES (${name}, ${holder}, clock_timestamp())
        ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, renewed_at = clock_timestamp()
        WHERE platform_leases.holder = excluded.holder OR platform_leases.renewed_at < clock_timestamp() - ${interval(leaseMs)}
        RETURNING holder`),
    );
    mine = rows.length > 0;
    return mine;
  };
  const renew = () => {
    timer = setTimeout(() => {
      timer = undefined;
      take()
        .catch(() => {}) // the database gone for a moment: the next renewal (or acquire) tries again
        .finally(() => {
          if (mine && timer === undefined) renew();
        });
    }, renewEveryMs(leaseMs));
    timer.unref();
  };
  return {
    async acquire() {
      // Held: the background renewal keeps it (and says within a quarter window if it was lost); no write per poll.
      if (mine) return true;
      await take();
      if (mine && timer === undefined) renew();
      return mine;
    },
    held: () => mine,
    async release() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!mine) return;
      mine = false;
      await db.execute(sql`DELETE FROM platform_leases WHERE name = ${name} AND holder = ${holder}`);
    },
  };
}
