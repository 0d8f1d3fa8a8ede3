/**
 * Acknowledgements of the flows the gateway sent (AFNOR XP Z12-013 Flow
 * Service 1.1.0, Flow.acknowledgement): a flow is `Pending` after its 202
 * until the PA says `Ok` or `Error`. Two ways in: a periodic searchFlow of
 * this connection's outgoing invoice flows updated since a cursor (kept in
 * `platform_cursors` under `<connection>#out`, the PA's own `updatedAt`
 * string, so a restart neither misses nor replays much), and the webhook
 * callback, which only says which flow to re-read. `Error` rejects the
 * submission with the PA's details (outcome.ts).
 */
import { and, eq, isNull, min } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { platformCursors, platformFlows } from '../../db/schema.ts';
import type { EventSink } from '../../domain/events/types.ts';
import { isUuid } from '../../domain/ids.ts';
import type { FlowClient } from '../afnor/client.ts';
import type { Flow } from '../afnor/types.ts';
import { applyFlow } from './outcome.ts';
import { describeFailure } from './send.ts';

/** What tracking acknowledgements needs. */
export interface AckDeps {
  db: Db;
  events: EventSink;
  client: FlowClient;
  log: Logger;
  /** Key of the cursor in `platform_cursors`. */
  cursorKey: string;
}

/** Results asked per searchFlow page (the OpenAPI's maximum). */
export const SEARCH_LIMIT = 100;

/** The instant of a PA date-time in epoch milliseconds, or NaN. */
const instant = (text: string | null | undefined) => (text ? Date.parse(text) : Number.NaN);

/**
 * Where the search starts: the stored cursor, moved forward to just before the oldest flow still `Pending` (its
 * acknowledgement can only come later: acknowledgements are final, so nothing older is waited for). Without a
 * stored cursor, that same point. Undefined when no flow is `Pending`: nothing to look for.
 */
async function startingPoint(db: Db, cursorKey: string): Promise<string | undefined> {
  // One PA writes one date-time format, so the text minimum is the oldest (index platform_flows_pending_idx).
  const [pending] = await db
    .select({ oldest: min(platformFlows.submittedAt) })
    .from(platformFlows)
    .where(eq(platformFlows.ackStatus, 'Pending'));
  const oldest = instant(pending?.oldest);
  if (Number.isNaN(oldest)) return undefined;
  // updatedAfter is exclusive and a flow's updatedAt is never before its submittedAt.
  const floor = new Date(oldest - 1).toISOString();
  const [cursor] = await db.select().from(platformCursors).where(eq(platformCursors.connection, cursorKey));
  return cursor && instant(cursor.updatedAfter) > oldest - 1 ? cursor.updatedAfter : floor;
}

/** Stores `updatedAfter` unless the stored cursor is already further (another instance's poll). */
async function advance(db: Db, cursorKey: string, updatedAfter: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [cursor] = await tx.select().from(platformCursors).where(eq(platformCursors.connection, cursorKey)).for('update');
    if (cursor && !(instant(updatedAfter) > instant(cursor.updatedAfter))) return;
    await tx
      .insert(platformCursors)
      .values({ connection: cursorKey, updatedAfter })
      .onConflictDoUpdate({ target: platformCursors.connection, set: { updatedAfter, updatedAt: new Date() } });
  });
}

/** Applies one flow the PA reported; unknown flows (another client's, another connection's) are ignored. */
async function record(deps: AckDeps, flow: Flow): Promise<void> {
  if (typeof flow?.flowId !== 'string') return;
  const applied = await applyFlow(deps.db, deps.events, { flowId: flow.flowId, trackingId: flow.trackingId }, flow);
  if (!applied.matched)
    deps.log.debug({ flowId: flow.flowId }, 'pa sender: acknowledgement of a flow this connection did not send, ignored');
  else if (applied.state) {
    deps.log.info(
      { flowId: flow.flowId, trackingId: flow.trackingId, ack: applied.ack, state: applied.state },
      'pa sender: flow acknowledged',
    );
  }
}

/**
 * Where the next page starts after `results` (in updatedAt order, all after `updatedAfter`): the last updatedAt, or,
 * after a full page, the last one before it, so flows sharing the last instant that did not fit are read on the next
 * page rather than skipped (the Flow Service gives no tie-breaker; applying a flow twice changes nothing).
 */
function nextStart(results: Flow[], full: boolean, updatedAfter: string): string | undefined {
  const last = results.at(-1)?.updatedAt;
  // A PA that answers a page without moving forward would loop forever: stop; the next round starts again.
  if (!last || !(instant(last) > instant(updatedAfter))) return undefined;
  if (!full) return last;
  return results.findLast((flow) => instant(flow.updatedAt) < instant(last))?.updatedAt ?? last;
}

/**
 * One round of the acknowledgement search: pages through this connection's outgoing CustomerInvoice flows updated
 * after the cursor (searchFlow, `updatedAfter` moved forward page by page and stored) until a page has fewer results
 * than its limit, applying each. A failed search is logged and left to the next round.
 */
export async function pollAcknowledgements(deps: AckDeps, running: () => boolean): Promise<void> {
  let updatedAfter = await startingPoint(deps.db, deps.cursorKey);
  while (updatedAfter !== undefined && running()) {
    const page = await deps.client.searchFlows({ flowDirection: ['Out'], flowType: ['CustomerInvoice'], updatedAfter }, SEARCH_LIMIT);
    if (!page.ok) {
      deps.log.warn({ error: describeFailure(page) }, 'pa sender: acknowledgement search failed');
      return;
    }
    for (const flow of page.results) await record(deps, flow);
    // A PA may serve fewer than asked per page: its answer's limit says how many make a full page.
    const full = page.results.length >= Math.min(SEARCH_LIMIT, page.limit > 0 ? page.limit : SEARCH_LIMIT);
    const next = nextStart(page.results, full, updatedAfter);
    if (next === undefined) return;
    await advance(deps.db, deps.cursorKey, next);
    if (!full) return;
    updatedAfter = next;
  }
}

/** Whether `flow` is one this connection sent: its flowId is recorded, or its trackingId names a submission whose createFlow is in flight. */
async function isOurs(db: Db, flow: Flow): Promise<boolean> {
  const [byFlowId] = await db.select({ id: platformFlows.submissionId }).from(platformFlows).where(eq(platformFlows.flowId, flow.flowId));
  if (byFlowId) return true;
  if (typeof flow.trackingId !== 'string' || !isUuid(flow.trackingId)) return false;
  const [byTrackingId] = await db
    .select({ id: platformFlows.submissionId })
    .from(platformFlows)
    .where(and(eq(platformFlows.submissionId, flow.trackingId), isNull(platformFlows.flowId)));
  return byTrackingId !== undefined;
}

/**
 * The webhook callback said `flow` changed: re-read it from the PA (getFlow, docType Metadata) rather than trust
 * the callback's body, and apply it. Only flows this connection sent (or has in flight) are read. Returns false
 * when the PA could not be read, so the caller can search at the next round instead.
 */
export async function acknowledgeCallback(deps: AckDeps, flow: Flow): Promise<boolean> {
  if (flow?.flowDirection !== 'Out' || typeof flow.flowId !== 'string') return true;
  if (!(await isOurs(deps.db, flow))) {
    deps.log.debug({ flowId: flow.flowId }, 'pa sender: callback about a flow this connection did not send, ignored');
    return true;
  }
  const read = await deps.client.getFlow(flow.flowId, 'Metadata');
  if (!read.ok) {
    deps.log.warn({ flowId: flow.flowId, error: describeFailure(read) }, 'pa sender: could not re-read a flow after its callback');
    return false;
  }
  await record(deps, read.flow);
  return true;
}
