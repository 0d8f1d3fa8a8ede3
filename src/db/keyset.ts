/**
 * Keyset pagination over a time-ordered id column (UUIDv7 ids: their order is
 * creation order), shared by the lists GraphQL pages through with `after` /
 * `before` cursors (submissions, an endpoint's webhook deliveries).
 */
import { asc, desc, gt, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A window of rows: before `olderThan`, after `newerThan` (ids), newest first unless `oldestFirst`, at most `limit`. */
export interface KeysetWindow {
  /** Only rows created before the one with this id. */
  olderThan?: string;
  /** Only rows created after the one with this id. */
  newerThan?: string;
  /** Oldest first instead of newest first (backward pagination). */
  oldestFirst?: boolean;
  limit: number;
}

/**
 * The conditions and order of `window` on `id`: add `conditions` to the
 * query's `and(...)`, order by `order`, limit to `window.limit`.
 */
export function keyset(id: PgColumn, window: KeysetWindow): { conditions: Array<SQL | undefined>; order: SQL } {
  return {
    conditions: [window.olderThan ? lt(id, window.olderThan) : undefined, window.newerThan ? gt(id, window.newerThan) : undefined],
    order: window.oldestFirst ? asc(id) : desc(id),
  };
}
