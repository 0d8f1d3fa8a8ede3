/** The benchmark's worker-processes checks (bench/worker-processes-report.ts): duplicates and gaps are problems. */
import { describe, expect, it } from 'vitest';
import { check, workerProcessesText } from '../../bench/worker-processes-report.ts';
import type { Duplicates, WorkerProcessesOutcome, WorkersRun } from '../../bench/worker-processes-types.ts';

const clean: Duplicates = {
  documents: 10,
  validatedOnce: 10,
  validatedTwice: 0,
  sentOnce: 10,
  sentTwice: 0,
  oneFlow: 10,
  severalFlows: 0,
  claimedAgain: 0,
  createFlowAgain: 0,
};

function outcome(runs: Array<Partial<WorkersRun>>): WorkerProcessesOutcome {
  return {
    name: 'worker-processes',
    database: 'x',
    env: {},
    runs: runs.map((run) => ({ workers: 2, backlog: 10, submitSeconds: 1, states: { sent: 10 }, usage: [], duplicates: clean, ...run })),
    problems: [],
    notes: [],
    loadAverage: 0,
  };
}

describe('worker-processes check', () => {
  it('passes a run whose every document was validated and sent once', () => {
    const result = outcome([{}]);
    check(result);
    expect(result.problems).toEqual([]);
  });

  it('reports documents validated twice, moved to sent twice, sent to the PA twice, or not validated', () => {
    const result = outcome([
      { duplicates: { ...clean, validatedOnce: 8, validatedTwice: 2 } },
      { workers: 1, duplicates: { ...clean, sentTwice: 1, oneFlow: 9, severalFlows: 1 } },
      { duplicates: { ...clean, validatedOnce: 4 }, states: { received: 6, sent: 4 } },
      { duplicates: undefined },
    ]);
    check(result);
    expect(result.problems).toEqual([
      '2 worker processes: 2 documents validated twice',
      '1 worker process: 1 documents moved to sent twice',
      '1 worker process: 1 documents sent to the PA more than once',
      '2 worker processes: only 4 of 10 documents validated',
      '2 worker processes: the database was not read',
    ]);
  });

  it('prints the runs as a Markdown table with the scaling', () => {
    const result = {
      ...outcome([
        { workers: 1, validatedPerSecond: 30 },
        { workers: 2, validatedPerSecond: 57 },
      ]),
      scaling: 1.9,
    };
    const text = workerProcessesText(result).join('\n');
    expect(text).toContain('| 1 | 10 | 30 |');
    expect(text).toContain('| 2 / 1 | | **1.9x** |');
  });
});
