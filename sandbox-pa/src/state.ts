/**
 * What the sandbox keeps: its flows and its running lifecycle scripts, behind one asynchronous interface so the
 * host chooses where they live. In memory (src/memory-state.ts: the default, optionally journaled to a data
 * directory by the standalone `--data-dir`), or in the gateway's database (src/platform/sandbox-store.ts, tables
 * `sandbox_pa_*`), where a restart resumes every script and several gateway instances share one sandbox.
 *
 * Exactly once: a status flow is stored in the same write (the same transaction in the database) that moves its
 * script forward, and a due script is claimed by one emitter only (FOR UPDATE SKIP LOCKED in the database).
 */
import type { CdarSubject } from './cdar.ts';
import type { Acknowledgement, Flow, FlowInfo, ProcessingRule, SearchFlowFilters } from './types.ts';

/** One scripted status. */
export interface ScriptStep {
  code: number;
  reasonCode?: string;
  reason?: string;
}

/** A stored flow: its metadata, its original file, the file name for Content-Disposition, and the flowInfo sent. */
export interface StoredFlow {
  flow: Flow;
  original: Buffer;
  fileName: string;
  /** The client's flowInfo (an Out flow): what a check cut by a restart needs to run again. */
  flowInfo?: FlowInfo;
}

/** A flow to store: `submittedAt` and `updatedAt` are stamped by the state. */
export interface NewFlow extends Omit<StoredFlow, 'flow'> {
  flow: Omit<Flow, 'submittedAt' | 'updatedAt'>;
}

/** The CDAR subject of a script, with `receivedAt` as ISO 8601 so it can be stored. */
export type ScriptSubject = Omit<CdarSubject, 'receivedAt'> & { receivedAt: string };

/** A script to start: its statuses, one every `stepMs` milliseconds, the first due at `dueAt` (epoch ms). */
export interface NewScript {
  subject: ScriptSubject;
  steps: ScriptStep[];
  processingRule?: ProcessingRule;
  stepMs: number;
  dueAt: number;
}

/** A running script: the invoice flow it plays for and the index of its next status. */
export interface ScriptRun extends NewScript {
  flowId: string;
  next: number;
}

/** What `acknowledge` writes with the acknowledgement, in the same write. */
export interface AcknowledgeExtras {
  /** The invoice's lifecycle script, started. */
  script?: NewScript;
  /** A status flow answering the acknowledged one (an e-report's 300/301), given its stamp `at` (after the flow's). */
  answer?: (acknowledged: Flow, at: string) => NewFlow;
}

/** The sandbox's state (module comment). Timestamps are ISO 8601 UTC with milliseconds. */
export interface SandboxState {
  /** Stores `entry` with submittedAt = updatedAt = the next stamp (strictly after every earlier one); its Flow. */
  add(entry: NewFlow): Promise<Flow>;
  get(flowId: string): Promise<StoredFlow | undefined>;
  /** Flows matching every given filter (lists: any of), ordered by updatedAt, at most `limit`. */
  search(where: SearchFlowFilters, limit: number): Promise<Flow[]>;
  /**
   * Sets the acknowledgement of the flow if it is still `Pending` and moves its updatedAt forward, with `extras` in
   * the same write. Undefined when the flow is unknown or already acknowledged (another emitter won).
   */
  acknowledge(flowId: string, acknowledgement: Acknowledgement, extras?: AcknowledgeExtras): Promise<Flow | undefined>;
  /**
   * Emits every status due at or before `now` (epoch ms), in order: for each, `render` gives the status flow (with
   * its stamp) stored as the script moves on; a finished script is forgotten. Resolves with the count emitted and
   * the earliest due time left, if any.
   */
  emitDue(now: number, render: (run: ScriptRun, at: string) => NewFlow): Promise<{ emitted: number; nextDueAt?: number }>;
  /** At start: the scripts still running and the flows still `Pending` (a check cut by a restart). */
  resumable(): Promise<{ scripts: number; pending: StoredFlow[] }>;
  close(): Promise<void>;
}
