/**
 * Running the registered scenarios (`scenarios.ts`) on one engine section:
 * each alone, or with the other members of its group in interleaved rounds
 * (`interleave.ts`), after a checkpoint and a wait for the gateway to go idle.
 */
import { loadavg } from 'node:os';
import { measureInterleaved } from './interleave.ts';
import { settle, type RssSampler, type Settled } from './monitor.ts';
import { log } from './processes.ts';
import { selectScenarios, type Scenario, type ScenarioContext, type ScenarioResult } from './scenarios.ts';

export interface ScenarioOutcome {
  name: string;
  title: string;
  kind: ScenarioResult['kind'];
  server: 'gateway' | 'floor';
  result?: ScenarioResult;
  /** Set when the scenario itself broke (the harness, not a slow server). */
  error?: string;
  /** Gateway peak RSS so far when the scenario ended, in bytes. */
  gatewayPeakRssBytes: number;
  /** The wait for the gateway to go idle before the scenario. */
  settle: Settled;
  /** 1-minute load average when the scenario ended: well above the CPU count means other work shared the machine. */
  loadAverage: number;
}

/**
 * Runs the selected scenarios in order; the members of a group together, in
 * interleaved rounds, where the first of them stands. Before each scenario or
 * group: `between` (a checkpoint on PostgreSQL), then a wait until the
 * gateway is idle, so none pays for work the previous one left behind.
 */
export async function runScenarios(ctx: ScenarioContext, rss: RssSampler, between: () => Promise<void>): Promise<ScenarioOutcome[]> {
  const outcomes: ScenarioOutcome[] = [];
  const { options } = ctx;
  const selected = selectScenarios({ withFloor: ctx.floor !== undefined, only: options.only });
  const done = new Set<Scenario>();
  for (const scenario of selected) {
    if (done.has(scenario)) continue;
    const members = scenario.group ? selected.filter((other) => other.group === scenario.group) : [scenario];
    for (const member of members) done.add(member);
    await between();
    const settled = await settle(ctx.gateway.pid, options.settleSeconds, options.settleMaxSeconds);
    const names = members.map((member) => member.name).join(', ');
    if (!settled.idle) log(`[${ctx.engine}] gateway still busy after ${settled.seconds.toFixed(1)} s; starting ${names} anyway`);
    else if (settled.seconds > options.settleSeconds + 1)
      log(`[${ctx.engine}] waited ${settled.seconds.toFixed(1)} s for the gateway to go idle`);
    const results = new Map<Scenario, { result?: ScenarioResult; error?: string }>();
    if (members.length > 1) {
      const turns =
        options.rounds > 1
          ? `taking turns in ${options.rounds} rounds; each ${options.warmupSeconds} s warm-up + ${options.durationSeconds} s in slices of ${+(options.durationSeconds / options.rounds).toFixed(2)} s`
          : `one after the other; each ${options.warmupSeconds} s warm-up + ${options.durationSeconds} s`;
      log(`[${ctx.engine}] ${names}: ${turns}, ${options.connections} connections`);
      try {
        const measured = await measureInterleaved(ctx, members, options.rounds);
        for (const member of members) results.set(member, { result: { kind: 'http', measurement: measured.get(member)! } });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`[${ctx.engine}] ${names} broke: ${message}`);
        for (const member of members) results.set(member, { error: message });
      }
    } else {
      log(
        scenario.kind === 'fanout'
          ? `[${ctx.engine}] ${scenario.name}: ${options.subscribers} graphql-ws subscribers, ${options.fanoutRounds} statuses`
          : `[${ctx.engine}] ${scenario.name}: ${options.warmupSeconds} s warm-up + ${options.durationSeconds} s, ${options.connections} connections`,
      );
      try {
        results.set(scenario, { result: await scenario.run(ctx) });
      } catch (error) {
        results.set(scenario, { error: error instanceof Error ? error.message : String(error) });
        log(`[${ctx.engine}] ${scenario.name} broke: ${results.get(scenario)!.error}`);
      }
    }
    for (const member of members) {
      outcomes.push({
        name: member.name,
        title: member.title,
        kind: member.kind,
        server: member.server,
        ...results.get(member),
        gatewayPeakRssBytes: rss.peak().bytes,
        settle: settled,
        loadAverage: Number(loadavg()[0]!.toFixed(2)),
      });
    }
  }
  return outcomes;
}
