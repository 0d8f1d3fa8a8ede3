/**
 * Interleaved rounds. The scenarios of a ratio (the floor's POST and the
 * gateway's two submits; the floor's GET and the gateway's) are measured in
 * turns rather than one after the other: `rounds` rounds, each giving every
 * member one slice of `durationSeconds / rounds`, the first slice of each
 * after its warm-up. On the 2-core VM the benchmark runs on, throughput swings
 * by ±15 % from one second to the next whatever runs; measured 12 s apart, a
 * floor and a gateway met different machines and a ratio moved by 0.2 from one
 * run to the next. In turns, both sides of a ratio meet the same swings.
 * Each member still gets the protocol: a warm-up, then
 * `durationSeconds` of measured load at the same connection count.
 */
import { mergeMeasurements, type HttpMeasurement } from './requests.ts';
import type { Scenario, ScenarioContext } from './scenarios.ts';

/**
 * Measures `members` (HTTP scenarios with a `job`) in `rounds` interleaved
 * rounds. Every slice gets its own document prefix, so submissions stay
 * distinct across slices. Returns each member's slices merged into one
 * measurement (`mergeMeasurements`).
 * @throws when a member has no job, or the load generator fails.
 */
export async function measureInterleaved(
  ctx: ScenarioContext,
  members: readonly Scenario[],
  rounds: number,
): Promise<Map<Scenario, HttpMeasurement>> {
  const slices = new Map<Scenario, HttpMeasurement[]>(members.map((member) => [member, []]));
  const sliceSeconds = ctx.options.durationSeconds / rounds;
  for (let round = 0; round < rounds; round++) {
    for (const member of members) {
      if (!member.job) throw new Error(`${member.name} is not an HTTP scenario`);
      const job = member.job(ctx, `${ctx.runId}-${ctx.engine}-${member.name}-r${round}`);
      slices
        .get(member)!
        .push(await ctx.load.measure({ ...job, warmupSeconds: round === 0 ? job.warmupSeconds : 0, durationSeconds: sliceSeconds }));
    }
  }
  return new Map(members.map((member) => [member, mergeMeasurements(slices.get(member)!)]));
}
