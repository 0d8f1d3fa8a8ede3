/**
 * The default-configuration scenario's checks and printed lines
 * (`default-config.ts`, outcome in `default-config-types.ts`).
 */
import {
  type BatchDrain,
  DEFAULT_TARGET_P99_MS,
  DEFAULT_TARGET_RATIO,
  type DefaultConfigurationOutcome,
  type Drain,
} from './default-config-types.ts';
import { usageText } from './default-config-usage.ts';
import { measurementLine, noteLines } from './postgres-scenario.ts';
import type { HttpMeasurement } from './requests.ts';

/** Harness problems: a member with no 2xx or with failures; rejections or unrecorded statuses in a drain. */
export function check(outcome: DefaultConfigurationOutcome): void {
  for (const [label, m] of [
    ['floor POST', outcome.floorPost],
    ['REST POST, pipeline idle', outcome.idlePost],
    ['REST POST, default configuration', outcome.restPost],
    ['floor POST during the drain', outcome.floorDuringDrain],
  ] as const) {
    if (!m) continue;
    if (m.total2xx === 0) outcome.problems.push(`${label}: no 2xx reply`);
    else if (m.errors + m.non2xx + m.mismatches > 0)
      outcome.problems.push(
        `${label}: ${m.errors} errors, ${m.non2xx} non-2xx (${JSON.stringify(m.statusCodes)}), ${m.mismatches} wrong bodies`,
      );
  }
  for (const [label, drain] of [
    ['batch', outcome.batch],
    ['backlog', outcome.backlog],
  ] as const) {
    if (!drain) continue;
    // The benchmark's invoice passes every rule and the sandbox's accepted script: a rejection is a broken chain, not a rate.
    if (drain.last.rejected > 0)
      outcome.problems.push(`${label}: ${drain.last.rejected} documents rejected: ${drain.rejectionSamples.join(' | ')}`);
    if (drain.inboundProblems > 0)
      outcome.problems.push(`${label}: ${drain.inboundProblems} status flows not recorded (platform_inbound_problems)`);
  }
  if (outcome.batch && !outcome.batch.finished)
    outcome.notes.push(`the batch did not drain within its ${outcome.batch.capSeconds} s cap: its time is extrapolated`);
}

const fixed = (value: number | undefined, digits = 2) => (value === undefined ? '?' : value.toFixed(digits));
const duration = (seconds: number) =>
  seconds >= 120 ? `${(seconds / 60).toFixed(1)} min (${seconds.toFixed(0)} s)` : `${seconds.toFixed(1)} s`;

function drainLines(drain: Drain): string[] {
  const { last } = drain;
  const out = [
    `    at the end (${duration(drain.seconds)}): ${last.received} received, ${last.validated} validated, ${last.sent} sent ` +
      `(${last.complete} with all 6 statuses), ${last.rejected} rejected; ${last.statuses} statuses recorded`,
  ];
  if (drain.finished) {
    out.push(
      `    DRAINED: all sent after ${duration(drain.allSentSeconds ?? drain.seconds)}, all statuses after ${duration(drain.allDoneSeconds!)} ` +
        `(${fixed(drain.doneRate)} documents/s)`,
    );
  } else {
    const done = last.complete + last.rejected;
    out.push(
      `    CAPPED at ${drain.capSeconds} s: ${done} of ${drain.documents} done (${drain.first.complete + drain.first.rejected} at the start); ` +
        `over the last half ${fixed(drain.doneRate)} done/s, ${fixed(drain.sentRate)} sent/s`,
      drain.extrapolatedSeconds === undefined
        ? '    EXTRAPOLATED whole backlog: no rate to extrapolate from (nothing completed in the second half)'
        : `    EXTRAPOLATED whole backlog (not measured): ${duration(drain.extrapolatedSeconds)} at that rate`,
    );
  }
  out.push(`    CPU: ${usageText(drain.usage)}`);
  return out;
}

/** The report's lines for the scenario. */
export function defaultConfigurationText(outcome: DefaultConfigurationOutcome, quick: boolean): string[] {
  const env = Object.entries(outcome.gatewayEnv)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  const out = [`Default configuration under load (PostgreSQL${outcome.database ? `, ${outcome.database}` : ''}; ${env})`];
  if (outcome.warmupSeconds !== undefined) out.push(`  warm-up documents complete after ${outcome.warmupSeconds.toFixed(1)} s`);
  const batch: BatchDrain | undefined = outcome.batch;
  if (batch) {
    out.push(`  bounded batch: ${batch.documents} documents POSTed at once (${batch.submitSeconds.toFixed(1)} s), idle gateway`);
    out.push(...drainLines(batch));
  }
  const row = (label: string, m: HttpMeasurement | undefined) => m && out.push(measurementLine(label, 46, m));
  row('floor POST /v1/invoices (gateway idle)', outcome.floorPost);
  row('REST POST, tenant without profile (control)', outcome.idlePost);
  row('REST POST, default configuration', outcome.restPost);
  row('floor POST while the gateway drains', outcome.floorDuringDrain);
  const { restPost, idlePost, floorDuringDrain } = outcome.ratios;
  if (restPost !== undefined && outcome.restPost) {
    const p99 = outcome.restPost.latencyMs.p99;
    const verdict = quick
      ? 'a quick run is not the protocol'
      : restPost >= DEFAULT_TARGET_RATIO && p99 <= DEFAULT_TARGET_P99_MS
        ? 'met'
        : `NOT met (${restPost < DEFAULT_TARGET_RATIO ? 'ratio' : ''}${restPost < DEFAULT_TARGET_RATIO && p99 > DEFAULT_TARGET_P99_MS ? ', ' : ''}${p99 > DEFAULT_TARGET_P99_MS ? 'p99' : ''})`;
    out.push(
      `  REST POST / floor POST ${restPost.toFixed(2)}, p99 ${p99} ms (target ≥ ${DEFAULT_TARGET_RATIO} with p99 ≤ ${DEFAULT_TARGET_P99_MS} ms: ${verdict})`,
    );
  }
  if (idlePost !== undefined) out.push(`  control (pipeline idle) / floor POST ${idlePost.toFixed(2)}`);
  if (floorDuringDrain !== undefined) out.push(`  floor POST during the drain / floor POST idle ${floorDuringDrain.toFixed(2)}`);
  if (outcome.usage.idle) out.push(`  CPU, floor and control: ${usageText(outcome.usage.idle)}`);
  if (outcome.usage.load) out.push(`  CPU, default configuration under load: ${usageText(outcome.usage.load)}`);
  if (outcome.usage.floorDuringDrain) out.push(`  CPU, floor during the drain: ${usageText(outcome.usage.floorDuringDrain)}`);
  if (outcome.backlog) {
    out.push(`  backlog after the load: ${outcome.backlog.documents} documents accepted (warm-up included)`);
    out.push(...drainLines(outcome.backlog));
  }
  if (outcome.gatewayPeakRssMiB !== undefined)
    out.push(`  gateway peak RSS ${outcome.gatewayPeakRssMiB} MiB; load average ${outcome.loadAverage}`);
  out.push(...noteLines(outcome));
  return out;
}
