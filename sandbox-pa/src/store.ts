/**
 * The sandbox's flows in memory (src/memory-state.ts keeps them there, journaled to a data directory or not).
 *
 * updatedAt is strictly increasing across the store (a flow created or updated
 * in the same millisecond as the previous one gets the next millisecond), so a
 * client paging with `updatedAfter` = the last updatedAt it saw (strictly
 * after, as the sandbox filters) neither misses nor replays a flow.
 */
import type { StoredFlow } from './state.ts';
import type { Flow, SearchFlowFilters } from './types.ts';

export type { StoredFlow } from './state.ts';

/** The in-memory flow store. */
export interface FlowStore {
  /** The next updatedAt (ISO 8601, ms precision, strictly after every previous one). */
  stamp(): string;
  add(entry: StoredFlow): void;
  get(flowId: string): StoredFlow | undefined;
  /** Applies `change` to the flow's metadata and moves its updatedAt forward. */
  update(flowId: string, change: (flow: Flow) => void): Flow | undefined;
  /** Flows matching every given filter (lists: any of), ordered by updatedAt, at most `limit`. */
  search(where: SearchFlowFilters, limit: number): Flow[];
  size(): number;
  /** Every flow, oldest first (a journal's snapshot). */
  all(): StoredFlow[];
  /** Moves the clock so the next stamp is after `updatedAt` (a journal's replay). */
  advance(updatedAt: string): void;
}

/** Flows kept at most by default: a long-running sandbox forgets its oldest flows rather than grow without bound. */
export const DEFAULT_MAX_FLOWS = 50_000;

/** Creates an empty store whose clock is `now`, keeping the `maxFlows` most recently created flows. */
export function createFlowStore(now: () => Date, maxFlows = DEFAULT_MAX_FLOWS): FlowStore {
  const flows = new Map<string, StoredFlow>();
  let last = 0;

  function stamp(): string {
    last = Math.max(now().getTime(), last + 1);
    return new Date(last).toISOString();
  }

  function matches(flow: Flow, where: SearchFlowFilters): boolean {
    const updated = Date.parse(flow.updatedAt);
    if (where.updatedAfter !== undefined && !(updated > Date.parse(where.updatedAfter))) return false;
    if (where.updatedBefore !== undefined && !(updated < Date.parse(where.updatedBefore))) return false;
    if (where.processingRule?.length && !(flow.processingRule && where.processingRule.includes(flow.processingRule))) return false;
    if (where.flowType?.length && !where.flowType.includes(flow.flowType)) return false;
    if (where.flowDirection?.length && !where.flowDirection.includes(flow.flowDirection)) return false;
    if (where.trackingId !== undefined && flow.trackingId !== where.trackingId) return false;
    if (where.ackStatus !== undefined && flow.acknowledgement.status !== where.ackStatus) return false;
    return true;
  }

  return {
    stamp,
    add(entry) {
      flows.set(entry.flow.flowId, entry);
      // A Map iterates in insertion order: the first key is the oldest flow.
      while (flows.size > maxFlows) flows.delete(flows.keys().next().value!);
    },
    get(flowId) {
      return flows.get(flowId);
    },
    update(flowId, change) {
      const entry = flows.get(flowId);
      if (!entry) return undefined;
      change(entry.flow);
      entry.flow.updatedAt = stamp();
      return entry.flow;
    },
    search(where, limit) {
      const found: Flow[] = [];
      for (const entry of flows.values()) if (matches(entry.flow, where)) found.push(entry.flow);
      // ISO strings of one format sort like their instants.
      found.sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0));
      return found.slice(0, limit);
    },
    size() {
      return flows.size;
    },
    all: () => [...flows.values()],
    advance(updatedAt) {
      last = Math.max(last, Date.parse(updatedAt));
    },
  };
}
