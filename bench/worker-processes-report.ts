/**
 * The `worker-processes` scenario's checks and report lines (`worker-processes.ts`): a document validated or sent
 * twice, or not validated at all, is a problem (the run exits 1); the rates are reported, never asserted.
 */
import type { WorkerProcessesOutcome, WorkersRun } from './worker-processes-types.ts';

/** Adds a problem for each run whose documents were not all validated and sent exactly once. */
export function check(outcome: WorkerProcessesOutcome): void {
  for (const run of outcome.runs) {
    const label = `${run.workers} worker process${run.workers > 1 ? 'es' : ''}`;
    const d = run.duplicates;
    if (!d) {
      outcome.problems.push(`${label}: the database was not read`);
      continue;
    }
    if (d.validatedTwice > 0) outcome.problems.push(`${label}: ${d.validatedTwice} documents validated twice`);
    if (d.sentTwice > 0) outcome.problems.push(`${label}: ${d.sentTwice} documents moved to sent twice`);
    if (d.severalFlows > 0) outcome.problems.push(`${label}: ${d.severalFlows} documents sent to the PA more than once`);
    // Documents validated (or sent) twice count once here: the gaps are the documents never validated or sent.
    const validated = d.validatedOnce + d.validatedTwice;
    const reached = d.oneFlow + d.severalFlows;
    if (validated < d.documents) outcome.problems.push(`${label}: only ${validated} of ${d.documents} documents validated`);
    else if (reached < d.documents) outcome.problems.push(`${label}: only ${reached} of ${d.documents} documents reached the PA`);
    if ((run.states.rejected ?? 0) > 0) outcome.problems.push(`${label}: ${run.states.rejected} documents rejected`);
  }
}

function runLines(run: WorkersRun): string[] {
  const label = `${run.workers} worker process${run.workers > 1 ? 'es' : ''}`;
  const rate = run.validatedPerSecond === undefined ? 'no rate' : `${run.validatedPerSecond.toFixed(2)} validated/s`;
  const cores = run.usage.map((usage) => `${usage.cores ?? '?'}`).join(' + ');
  const rss = run.usage.map((usage) => `${usage.peakRssMiB ?? '?'}`).join(' / ');
  const d = run.duplicates;
  return [
    `  ${label.padEnd(20)} ${rate.padStart(20)} over ${run.seconds ?? '?'} s (first validation ${run.firstValidationAfterSeconds ?? '?'} s after spawn); ` +
      `worker cores ${cores}, API ${run.apiCores ?? '?'}; worker RSS ${rss} MiB (JVM apart)`,
    `  ${''.padEnd(20)} backlog ${run.backlog} (submitted in ${run.submitSeconds} s), all validated ${run.allValidatedAfterSeconds ?? 'not'} s and all sent ` +
      `${run.allSentAfterSeconds ?? 'not'} s after spawn; states ${JSON.stringify(run.states)}`,
    d
      ? `  ${''.padEnd(20)} per document: validated once ${d.validatedOnce}, twice ${d.validatedTwice}; sent once ${d.sentOnce}, twice ${d.sentTwice}; ` +
        `PA flows one ${d.oneFlow}, several ${d.severalFlows}; claimed again ${d.claimedAgain}, createFlow retried ${d.createFlowAgain}`
      : `  ${''.padEnd(20)} the database was not read`,
  ];
}

/** The runs as a Markdown table, to paste into docs/performance.md as it is. */
function pasteTable(outcome: WorkerProcessesOutcome): string[] {
  const rows = outcome.runs.map((run) => {
    const d = run.duplicates;
    const cores = run.usage.map((usage) => usage.cores ?? '?').join(' + ');
    return (
      `| ${run.workers} | ${run.backlog} | ${run.validatedPerSecond ?? '?'} | ${run.seconds ?? '?'} s | ${cores} | ` +
      `${run.firstValidationAfterSeconds ?? '?'} s | ${run.allSentAfterSeconds ?? 'not'} s | ` +
      `${d ? `${d.validatedTwice} / ${d.sentTwice} / ${d.severalFlows}` : '?'} |`
    );
  });
  return [
    '| Worker processes | backlog | validated/s | over | worker cores | first validation after spawn | all sent after spawn | validated twice / sent twice / several PA flows |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    ...(outcome.scaling === undefined ? [] : [`| 2 / 1 | | **${outcome.scaling}x** | | | | | |`]),
  ];
}

/** The report's lines for the scenario. */
export function workerProcessesText(outcome: WorkerProcessesOutcome): string[] {
  const out = [
    `Worker processes: one API instance (serve, WORKERS=off) and \`passerelle worker\` processes on one PostgreSQL database${outcome.database ? ` (${outcome.database})` : ''}`,
  ];
  if (Object.keys(outcome.env).length > 0)
    out.push(
      `  every instance: ${Object.entries(outcome.env)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')}`,
    );
  for (const run of outcome.runs) out.push(...runLines(run));
  if (outcome.scaling !== undefined)
    out.push(
      `  two worker processes / one: ${outcome.scaling}x the validated/s (2.0 would add up exactly); load average ${outcome.loadAverage}`,
    );
  if (outcome.runs.length > 0) out.push('', ...pasteTable(outcome), '');
  out.push(...outcome.notes.map((note) => `  note: ${note}`), ...outcome.problems.map((problem) => `  PROBLEM: ${problem}`));
  return out;
}
