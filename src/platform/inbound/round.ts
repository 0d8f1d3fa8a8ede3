/**
 * One round of the status poller: take the connection's lease (inbound-store.ts), then page through the PA's incoming
 * status flows with AFNOR XP Z12-013 searchFlow (`flowDirection: [In]`, `flowType: [CustomerInvoiceLC]`,
 * `updatedAfter`: the cursor, limit 100, fewer when a page passes its size cap) until a page comes back short, handling each flow in `updatedAt` order
 * (flow.ts) and moving the cursor to its `updatedAt` after each one, so a restart neither misses nor replays.
 *
 * A failure that may pass (the PA unreachable, a 5xx, a 429, a 401 after the token refresh) ends the round
 * before the flow concerned: the cursor stays before it and the next round fetches it again; a flow that keeps
 * failing while searches succeed is set aside after a bounded number of tries (retries.ts) and the cursor passes it. The PA filters
 * `updatedAfter` strictly: flows sharing the cursor's exact `updatedAt` across a page boundary would be missed;
 * the sandbox never gives two flows the same one, and a PA that does should be asked for a tie-free clock.
 */
import { createHash } from 'node:crypto';
import type { Flow, FlowFailure } from '../afnor/types.ts';
import { describeFailure } from '../outbound/send.ts';
import { credentialsRefused, type FlowDeps, handleFlow, usableFlowId } from './flow.ts';
import { advanceCursor, claimCursor, recordProblem } from './inbound-store.ts';
import { forget, noteFailure, type RetryPolicy } from './retries.ts';

/** Flows per searchFlow page: the OpenAPI's maximum. */
export const PAGE_LIMIT = 100;

export interface RoundDeps extends FlowDeps {
  leaseMs: number;
  /** When a flow that keeps failing is set aside (retries.ts). */
  retryPolicy: RetryPolicy;
  /** True once the poller is stopping: the round ends after the flow in hand. */
  stopping: () => boolean;
}

/** What a round leaves for the next one: the lease stamp this instance holds, if any. */
export interface RoundState {
  stamp?: string;
}

/** How a round ended: `retryAfterMs` when the PA asked to wait (Retry-After). */
export interface RoundResult {
  recorded: number;
  retryAfterMs?: number;
}

/** a after b, for two updatedAt strings of the PA: by instant, then (same millisecond) by text (finer digits). */
export function isLater(a: string, b: string): boolean {
  const [ta, tb] = [Date.parse(a), Date.parse(b)];
  if (Number.isFinite(ta) && Number.isFinite(tb) && ta !== tb) return ta > tb;
  return a > b;
}

function byUpdatedAt(flows: unknown[]): unknown[] {
  const at = (flow: unknown) =>
    flow && typeof flow === 'object' && typeof (flow as Flow).updatedAt === 'string' ? (flow as Flow).updatedAt : '';
  return [...flows].sort((x, y) => (isLater(at(x), at(y)) ? 1 : isLater(at(y), at(x)) ? -1 : 0));
}

const retryAfter = (failure: FlowFailure) => (failure.kind === 'retryable' ? failure.retryAfterMs : undefined);

/** Runs one complete round; never throws for the PA's failures (the database's are thrown). */
export async function runRound(deps: RoundDeps, state: RoundState): Promise<RoundResult> {
  const { db, client, connection, log } = deps;
  const claimed = await claimCursor(db, connection, state.stamp, deps.leaseMs);
  state.stamp = claimed?.stamp;
  if (!claimed) {
    log.debug('pa status poller: another instance holds the lease');
    return { recorded: 0 };
  }
  let cursor = claimed.updatedAfter;
  let recorded = 0;
  const seen = new Set<string>();
  let asked = PAGE_LIMIT;
  for (;;) {
    const page = await client.searchFlows({ flowDirection: ['In'], flowType: ['CustomerInvoiceLC'], updatedAfter: cursor }, asked);
    // A page over its size cap: ask for fewer flows (100, 10, 1), so one bloated flow holds back only itself.
    if (!page.ok && page.kind === 'retryable' && page.tooLarge && asked > 1) {
      asked = asked > 10 ? 10 : 1;
      log.warn({ error: page.error, limit: asked }, 'pa status poller: searchFlow page too large; asking for fewer flows');
      continue;
    }
    if (!page.ok) {
      log.warn({ failure: page }, 'pa status poller: searchFlow failed; next round retries');
      return { recorded, retryAfterMs: retryAfter(page) };
    }
    const before = cursor;
    for (const item of byUpdatedAt(page.results)) {
      if (deps.stopping()) return { recorded };
      const flow = item as Flow;
      if (!item || typeof item !== 'object' || !usableFlowId(flow.flowId)) {
        const key = `invalid:${createHash('sha256')
          .update(JSON.stringify(item ?? null))
          .digest('hex')}`;
        await recordProblem(db, {
          flowId: key,
          connection,
          problem: 'invalid-flow',
          detail: { flow: JSON.stringify(item ?? null).slice(0, 500) },
        });
        log.warn({ flowId: key }, 'pa status poller: a search result without a usable flowId');
      } else if (flow.flowDirection !== 'In' || flow.flowType !== 'CustomerInvoiceLC') {
        log.debug({ flowId: flow.flowId }, 'pa status poller: not an incoming status flow, passed');
      } else if (!seen.has(flow.flowId)) {
        seen.add(flow.flowId);
        const outcome = await handleFlow(deps, flow);
        if (!outcome.done) {
          const { failure } = outcome;
          // The search just answered: a failure of this flow alone is counted, and a flow failing too long set aside.
          const counted = credentialsRefused(failure)
            ? undefined
            : await noteFailure(db, connection, flow.flowId, `getFlow: ${describeFailure(failure)}`, deps.retryPolicy);
          if (counted?.outcome !== 'set-aside') {
            log.warn({ flowId: flow.flowId, failure, attempts: counted?.attempts }, 'pa status poller: getFlow failed; next round retries');
            return { recorded, retryAfterMs: retryAfter(failure) };
          }
          log.error(
            { flowId: flow.flowId, attempts: counted.attempts, failure },
            'pa status poller: flow set aside after repeated failures (passerelle pa-problems list)',
          );
        } else {
          if (outcome.recorded) recorded++;
          await forget(db, flow.flowId);
        }
      }
      // An ISO 8601 instant is short: a longer value is no cursor the PA could mean.
      const updatedAt =
        item && typeof item === 'object' && typeof flow.updatedAt === 'string' && flow.updatedAt.length <= 64 ? flow.updatedAt : undefined;
      if (updatedAt !== undefined && isLater(updatedAt, cursor)) {
        cursor = updatedAt;
        state.stamp = await advanceCursor(db, connection, state.stamp!, cursor);
        if (!state.stamp) {
          log.warn('pa status poller: lease lost to another instance; round ended');
          return { recorded };
        }
      }
    }
    // A short page is the last one; the PA may cap the limit lower than asked (its answer says so).
    const limit = Number.isInteger(page.limit) && page.limit > 0 ? Math.min(page.limit, asked) : asked;
    if (page.results.length < limit) return { recorded };
    if (cursor === before) {
      log.warn({ updatedAfter: cursor }, 'pa status poller: a full page did not move the cursor; round ended');
      return { recorded };
    }
  }
}
