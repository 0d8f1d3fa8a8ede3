/**
 * Per-request batching of lifecycle status reads (DataLoader): every
 * `Submission.statuses` and `Submission.lifecycleStatus` of one operation that
 * the row did not bring along becomes one query for the lot, so a page of
 * 100 submissions with their histories is a bounded number of round trips,
 * not one per row. Created on first use only: requests that read no status
 * pay nothing.
 */
import DataLoader from 'dataloader';
import type { Context } from '../app/context.ts';
import { latestStatuses, statusHistories, type LifecycleStatusRow } from '../domain/lifecycle/lifecycle-store.ts';

interface StatusLoaders {
  history: DataLoader<string, LifecycleStatusRow[]>;
  latest: DataLoader<string, LifecycleStatusRow | undefined>;
}

// Keyed by the operation's context: one set per request, gone with it.
const loaders = new WeakMap<Context, StatusLoaders>();

/** The status loaders of the operation whose context is `ctx`. */
export function statusLoaders(ctx: Context): StatusLoaders {
  let existing = loaders.get(ctx);
  if (!existing) {
    existing = {
      history: new DataLoader((ids) => statusHistories(ctx.db, ids), { maxBatchSize: 500 }),
      latest: new DataLoader((ids) => latestStatuses(ctx.db, ids), { maxBatchSize: 500 }),
    };
    loaders.set(ctx, existing);
  }
  return existing;
}
