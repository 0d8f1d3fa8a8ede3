/**
 * The sandbox's state in memory (src/state.ts), the default of `createSandboxPa` and of the standalone sandbox.
 * With a journal (src/journal.ts, the standalone `--data-dir`), every change is written to it before it becomes
 * visible, one record per change (a status flow and its script's move in one record), and a restart replays it:
 * the scripts resume where they were, each status stored once.
 */
import type { JournalRecord, StateJournal } from './journal.ts';
import type { NewFlow, SandboxState, ScriptRun, StoredFlow } from './state.ts';
import { createFlowStore, DEFAULT_MAX_FLOWS } from './store.ts';
import type { Flow } from './types.ts';

/** Creates the state, replaying `journal`'s records first when given; `maxFlows` bounds the flows kept. */
export function createMemoryState(options: { now: () => Date; maxFlows?: number; journal?: StateJournal }): SandboxState {
  const store = createFlowStore(options.now, options.maxFlows ?? DEFAULT_MAX_FLOWS);
  const scripts = new Map<string, ScriptRun>();
  const journal = options.journal;

  function apply(record: JournalRecord): void {
    for (const entry of record.flows ?? []) {
      store.add({ ...entry, flow: { ...entry.flow } });
      store.advance(entry.flow.updatedAt);
    }
    for (const flow of record.metas ?? []) {
      const entry = store.get(flow.flowId);
      if (entry) entry.flow = { ...flow };
      store.advance(flow.updatedAt);
    }
    for (const run of record.scripts ?? []) scripts.set(run.flowId, { ...run });
    for (const flowId of record.finished ?? []) scripts.delete(flowId);
  }

  /** Journals `record`, then applies it: nothing is visible that a restart would not find. */
  function commit(record: JournalRecord): void {
    journal?.write(record);
    apply(record);
  }

  if (journal) {
    for (const record of journal.replay()) apply(record);
    journal.compact([{ flows: store.all(), scripts: [...scripts.values()] }]);
  }

  function stamped(entry: NewFlow, at: string): StoredFlow {
    return { ...entry, flow: { ...entry.flow, submittedAt: at, updatedAt: at } as Flow };
  }

  return {
    async add(entry) {
      const stored = stamped(entry, store.stamp());
      commit({ flows: [stored] });
      return { ...stored.flow };
    },
    async get(flowId) {
      return store.get(flowId);
    },
    async search(where, limit) {
      return store.search(where, limit).map((flow) => ({ ...flow }));
    },
    async acknowledge(flowId, acknowledgement, extras) {
      const entry = store.get(flowId);
      if (entry?.flow.acknowledgement.status !== 'Pending') return undefined;
      const flow: Flow = { ...entry.flow, acknowledgement, updatedAt: store.stamp() };
      const record: JournalRecord = { metas: [flow] };
      if (extras?.script) record.scripts = [{ ...extras.script, flowId, next: 0 }];
      if (extras?.answer) {
        const at = store.stamp();
        record.flows = [stamped(extras.answer(flow, at), at)];
      }
      commit(record);
      return { ...flow };
    },
    async emitDue(now, render) {
      let emitted = 0;
      const due = [...scripts.values()].filter((run) => run.dueAt <= now).sort((a, b) => a.dueAt - b.dueAt);
      for (const run of due) {
        while (run.next < run.steps.length && run.dueAt <= now) {
          const at = store.stamp();
          const moved: ScriptRun = { ...run, next: run.next + 1, dueAt: run.dueAt + run.stepMs };
          const finished = moved.next >= moved.steps.length;
          commit({
            flows: [stamped(render(run, at), at)],
            ...(finished ? { finished: [run.flowId] } : { scripts: [moved] }),
          });
          Object.assign(run, moved);
          emitted += 1;
        }
      }
      let nextDueAt: number | undefined;
      for (const run of scripts.values()) if (nextDueAt === undefined || run.dueAt < nextDueAt) nextDueAt = run.dueAt;
      return { emitted, nextDueAt };
    },
    async resumable() {
      const pending = store.all().filter((entry) => entry.flow.acknowledgement.status === 'Pending');
      return { scripts: scripts.size, pending };
    },
    async close() {
      journal?.close();
    },
  };
}
