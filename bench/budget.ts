/**
 * Issue 5's performance budget, checked against a run. Reported, never
 * asserted: a failing line is news for whoever optimises, not a broken build.
 * The budget is measured on PostgreSQL; the embedded section is informative.
 */
import type { ScenarioOutcome } from './runner.ts';
import type { FanoutResult, HttpResult } from './scenarios.ts';
import type { SectionResult } from './sections.ts';

export const MIB = 1024 * 1024;
const P99_MAX_MS = 50;
const RSS_MAX_BYTES = 250 * MIB;
const FANOUT_P99_MAX_MS = 100;
/** The budget's subscriber count; fewer (`--quick`, `--subscribers`) is reported as such. */
export const FANOUT_SUBSCRIBERS = 1000;

/** A throughput ratio gateway / floor, with its budget minimum. */
export interface RatioSpec {
  name: string;
  title: string;
  gateway: string;
  floor: string;
  minimum: number;
}

export const RATIOS: readonly RatioSpec[] = [
  { name: 'rest-post/floor-post', title: 'REST POST / floor POST', gateway: 'rest-post', floor: 'floor-post', minimum: 0.8 },
  {
    name: 'graphql-submit/floor-post',
    title: 'GraphQL submitInvoice / floor POST',
    gateway: 'graphql-submit',
    floor: 'floor-post',
    minimum: 0.7,
  },
  { name: 'rest-get/floor-get', title: 'REST GET / floor GET', gateway: 'rest-get', floor: 'floor-get', minimum: 0.8 },
];

export type BudgetStatus = 'pass' | 'fail' | 'not-measured';

export interface BudgetLine {
  id: string;
  requirement: string;
  measured: string;
  status: BudgetStatus;
}

/** The HTTP result of scenario `name` in `section`, if it ran and did not break. */
export function httpResult(section: SectionResult | undefined, name: string): HttpResult | undefined {
  const result = section?.scenarios.find((s) => s.name === name)?.result;
  return result?.kind === 'http' ? result : undefined;
}

/** Gateway req/s ÷ floor req/s for each pair that ran in `section`. */
export function ratios(section: SectionResult | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const spec of RATIOS) {
    const gateway = httpResult(section, spec.gateway)?.measurement.requestsPerSecond;
    const floor = httpResult(section, spec.floor)?.measurement.requestsPerSecond;
    if (gateway !== undefined && floor) out[spec.name] = gateway / floor;
  }
  return out;
}

/** Failed requests of one scenario: errors (timeouts included), non-2xx, and 2xx replies with a failure body. */
export function failures(outcome: ScenarioOutcome): number {
  const result = outcome.result;
  if (!result) return 0;
  if (result.kind === 'http') return result.measurement.errors + result.measurement.non2xx + result.measurement.mismatches;
  return result.errors + (result.subscribers - result.received);
}

const status = (ok: boolean): BudgetStatus => (ok ? 'pass' : 'fail');

/** Every budget line of issue 5, evaluated on the PostgreSQL section (all `not-measured` without one). */
export function checkBudget(postgres: SectionResult | undefined, connections: number): BudgetLine[] {
  const lines: BudgetLine[] = [];
  const measuredRatios = ratios(postgres);
  for (const spec of RATIOS) {
    const value = measuredRatios[spec.name];
    lines.push({
      id: `ratio:${spec.name}`,
      requirement: `${spec.title} ≥ ${spec.minimum}`,
      measured: value === undefined ? 'not run' : value.toFixed(2),
      status: value === undefined ? 'not-measured' : status(value >= spec.minimum),
    });
  }

  const gatewayHttp = (postgres?.scenarios ?? []).filter((s) => s.server === 'gateway' && s.result?.kind === 'http');
  const slow = gatewayHttp.filter((s) => (s.result as HttpResult).measurement.latencyMs.p99 > P99_MAX_MS);
  const worst = gatewayHttp.reduce((max, s) => Math.max(max, (s.result as HttpResult).measurement.latencyMs.p99), 0);
  lines.push({
    id: 'p99',
    requirement: `p99 ≤ ${P99_MAX_MS} ms at ${connections} connections, every gateway request scenario`,
    measured:
      gatewayHttp.length === 0
        ? 'not run'
        : slow.length === 0
          ? `worst ${worst} ms`
          : `over: ${slow.map((s) => `${s.name} ${(s.result as HttpResult).measurement.latencyMs.p99} ms`).join(', ')}`,
    status: gatewayHttp.length === 0 ? 'not-measured' : status(slow.length === 0),
  });

  lines.push({
    id: 'peak-rss',
    requirement: `gateway peak RSS ≤ ${RSS_MAX_BYTES / MIB} MiB over the whole run`,
    measured: postgres ? `${(postgres.gatewayPeakRss.bytes / MIB).toFixed(1)} MiB (${postgres.gatewayPeakRss.source})` : 'not run',
    status: postgres ? status(postgres.gatewayPeakRss.bytes <= RSS_MAX_BYTES) : 'not-measured',
  });

  const fanout = postgres?.scenarios.find((s) => s.result?.kind === 'fanout')?.result as FanoutResult | undefined;
  lines.push({
    id: 'fanout',
    requirement: `fan-out: every one of ${(fanout?.subscribers ?? FANOUT_SUBSCRIBERS).toLocaleString('en')} graphql-ws subscribers receives the event, p99 ≤ ${FANOUT_P99_MAX_MS} ms`,
    measured: fanout
      ? `${fanout.received}/${fanout.subscribers} received (worst of ${fanout.rounds} statuses), p99 ${fanout.latencyMs.p99} ms` +
        (fanout.subscribers < FANOUT_SUBSCRIBERS ? ` — fewer subscribers than the budget's ${FANOUT_SUBSCRIBERS.toLocaleString('en')}` : '')
      : 'not run',
    status: fanout ? status(fanout.received === fanout.subscribers && fanout.latencyMs.p99 <= FANOUT_P99_MAX_MS) : 'not-measured',
  });

  const ran = postgres?.scenarios ?? [];
  const failing = ran.filter((s) => s.error !== undefined || failures(s) > 0);
  lines.push({
    id: 'no-errors',
    requirement: 'zero errors and zero unexpected non-2xx replies',
    measured:
      ran.length === 0
        ? 'not run'
        : failing.length === 0
          ? 'none'
          : failing.map((s) => `${s.name} ${s.error ? 'broke' : failures(s)}`).join(', '),
    status: ran.length === 0 ? 'not-measured' : status(failing.length === 0),
  });
  return lines;
}

/**
 * What says the harness itself broke (the only reason to exit non-zero): a
 * scenario that threw, or an HTTP scenario without a single 2xx reply.
 */
export function harnessProblems(sections: readonly SectionResult[]): string[] {
  const problems: string[] = [];
  for (const section of sections) {
    for (const s of section.scenarios) {
      if (s.error !== undefined) problems.push(`${section.engine} ${s.name}: ${s.error}`);
      else if (s.result?.kind === 'http' && s.result.measurement.total2xx === 0) problems.push(`${section.engine} ${s.name}: no 2xx reply`);
    }
  }
  return problems;
}
