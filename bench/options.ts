/**
 * Command-line flags of `npm run bench`. Defaults are issue 5's protocol
 * (32 connections, 10 s per scenario after a 2 s warm-up; the scenarios of a
 * ratio take turns, in 5 rounds of 2 s); `--quick` is the
 * smoke variant CI may run to keep the harness working (about 20 s, speed
 * never asserted).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export interface BenchOptions {
  quick: boolean;
  /** Concurrent connections of the load generator. */
  connections: number;
  /** Seconds of unmeasured load before each scenario's measurement. */
  warmupSeconds: number;
  /** Measured seconds per scenario. */
  durationSeconds: number;
  /** Rounds the scenarios of a ratio are interleaved in (`interleave.ts`); 1 runs them one after the other. */
  rounds: number;
  /** Database connections of the gateway (`DB_POOL_SIZE`) and of the floor alike. */
  poolSize: number;
  /** Submissions created up front for the GET-by-id scenarios to cycle over. */
  seedCount: number;
  /** graphql-ws subscribers of the fan-out scenario, one connection each. */
  subscribers: number;
  /** Statuses the fan-out scenario records and measures, one after the other. */
  fanoutRounds: number;
  /** Pipeline, official run: documents offered per second (issue 17: ≥ 20 validated/s while the 202 path keeps p99 ≤ 50 ms). */
  pipelineRate: number;
  /** Pipeline, official run: documents offered in all. */
  pipelineDocuments: number;
  /** Pipeline, native run: documents submitted through an API-only gateway (WORKERS=off), then drained. */
  pipelineBacklog: number;
  /** Default configuration: documents of the bounded batch, POSTed at once and drained completely. */
  defaultBatch: number;
  /** Default configuration: longest wait for a drain (the batch's, then the load's backlog), seconds. */
  drainMaxSeconds: number;
  /** Validation engines: documents measured per engine, after a warm-up (40; quick: 4). */
  engineDocuments: number;
  /** Worker processes: documents of the backlog each run (one worker process, then two) drains. */
  workersBacklog: number;
  /** Worker processes: worker i runs pinned to CPU i (`taskset`), so each brings one core of its own. */
  pinWorkers: boolean;
  /** Scenario names to run (all when empty). */
  only: string[];
  /** Seconds the gateway must stay idle before a scenario starts (0: no wait). */
  settleSeconds: number;
  /** Longest wait for that idle window. */
  settleMaxSeconds: number;
  /** Extra environment for the gateway process (`--gateway-env NAME=VALUE`). */
  gatewayEnv: Record<string, string>;
  /** Directory for V8 CPU profiles of the gateway (`--cpu-prof`), written when it stops. */
  profileDir: string | undefined;
  /** Skip the embedded-engine section. */
  skipEmbedded: boolean;
  /** Where to write the machine-readable results. */
  output: string;
}

export const USAGE = `Usage: npm run bench -- [flags]
  --quick              smoke variant: 8 connections, 0.5 s warm-up, 1 s per scenario, no idle wait
  --connections N      load generator connections (default 32)
  --warmup S           warm-up seconds before each scenario (default 2)
  --duration S         measured seconds per scenario (default 10)
  --rounds N           scenarios of a ratio (floor and gateway) take turns in N slices each (default 5; quick: 1)
  --pool N             database pool size of the gateway and of the floor (default 10)
  --seed N             submissions seeded for the GET scenarios (default 200)
  --subscribers N      fan-out: graphql-ws subscribers, one connection each (default 1000; quick: 100)
  --fanout-rounds N    fan-out: statuses recorded and measured one after the other (default 5, at most 10; quick: 3)
  --pipeline-rate N    pipeline, VALIDATION=official: documents offered per second (default 30)
  --pipeline-documents N  pipeline, VALIDATION=official: documents offered (default rate × duration; quick: 20)
  --pipeline-backlog N pipeline, VALIDATION=native: backlog submitted API-only, then drained (default 2000; quick: 20)
  --default-batch N    default configuration: documents POSTed at once and drained (default 200; quick 8)
  --drain-max S        default configuration: longest drain, batch and load backlog each (default 600; quick 15)
  --engine-documents N validation engines: documents per engine, after 40 warm-up (default 300; quick: 10, 4 warm-up)
  --pin-workers        worker processes: pin worker i to CPU i (taskset), one core each
  --workers-backlog N  worker processes: backlog drained by one \`passerelle worker\`, then by two (default 1500; quick: 20)
  --settle S           before each scenario, wait until the gateway used < 10 % CPU for S s (default 3; quick: no wait)
  --settle-max S       longest such wait (default 120)
  --gateway-env N=V    extra environment variable for the gateway (repeatable)
  --profile DIR        run the gateway with node --cpu-prof, profiles in DIR (open in Chrome DevTools)
  --only a,b           run only these scenarios (rest-post, floor-get, …, fanout as in results.json;
                       pipeline, status-ingestion, default-configuration, validation-engines, worker-processes)
  --no-embedded        skip the embedded-engine section
  --output FILE        results file (default bench/results.json)
Environment: BENCH_DATABASE_URL=postgres://… adds the PostgreSQL section (gateway vs floor).`;

function positive(name: string, raw: string | undefined, fallback: number, integer: boolean): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`--${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`);
  }
  return value;
}

function environment(pairs: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(pair);
    if (!match) throw new Error(`--gateway-env takes NAME=VALUE, got "${pair}"`);
    env[match[1]!] = match[2]!;
  }
  return env;
}

/**
 * Parses `argv` (without node and script). Explicit flags win over the
 * `--quick` presets. Throws with a message naming the flag on a bad value.
 */
export function parseOptions(argv: string[]): BenchOptions & { help: boolean } {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      quick: { type: 'boolean', default: false },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      duration: { type: 'string' },
      rounds: { type: 'string' },
      pool: { type: 'string' },
      seed: { type: 'string' },
      subscribers: { type: 'string' },
      'fanout-rounds': { type: 'string' },
      'pipeline-rate': { type: 'string' },
      'pipeline-documents': { type: 'string' },
      'pipeline-backlog': { type: 'string' },
      'default-batch': { type: 'string' },
      'drain-max': { type: 'string' },
      'engine-documents': { type: 'string' },
      'workers-backlog': { type: 'string' },
      'pin-workers': { type: 'boolean', default: false },
      settle: { type: 'string' },
      'settle-max': { type: 'string' },
      'gateway-env': { type: 'string', multiple: true },
      profile: { type: 'string' },
      only: { type: 'string' },
      'no-embedded': { type: 'boolean', default: false },
      output: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const quick = values.quick === true;
  const durationSeconds = positive('duration', values.duration, quick ? 1 : 10, false);
  const pipelineRate = positive('pipeline-rate', values['pipeline-rate'], 30, false);
  // One lifecycle code per round (fanout-rounds.ts ROUND_CODES): the non-final codes 201–209 and 211.
  if (Number(values['fanout-rounds']) > 10) throw new Error(`--fanout-rounds is at most 10, got "${values['fanout-rounds']}"`);
  return {
    help: values.help === true,
    quick,
    connections: positive('connections', values.connections, quick ? 8 : 32, true),
    warmupSeconds: positive('warmup', values.warmup, quick ? 0.5 : 2, false),
    durationSeconds,
    rounds: positive('rounds', values.rounds, quick ? 1 : 5, true),
    poolSize: positive('pool', values.pool, 10, true),
    seedCount: positive('seed', values.seed, quick ? 20 : 200, true),
    subscribers: positive('subscribers', values.subscribers, quick ? 100 : 1000, true),
    fanoutRounds: positive('fanout-rounds', values['fanout-rounds'], quick ? 3 : 5, true),
    pipelineRate,
    pipelineDocuments: positive(
      'pipeline-documents',
      values['pipeline-documents'],
      quick ? 20 : Math.ceil(pipelineRate * durationSeconds),
      true,
    ),
    pipelineBacklog: positive('pipeline-backlog', values['pipeline-backlog'], quick ? 20 : 2000, true),
    defaultBatch: positive('default-batch', values['default-batch'], quick ? 8 : 200, true),
    drainMaxSeconds: positive('drain-max', values['drain-max'], quick ? 15 : 600, false),
    engineDocuments: positive('engine-documents', values['engine-documents'], quick ? 10 : 300, true),
    workersBacklog: positive('workers-backlog', values['workers-backlog'], quick ? 20 : 1500, true),
    pinWorkers: values['pin-workers'] === true,
    settleSeconds: values.settle === '0' ? 0 : positive('settle', values.settle, quick ? 0 : 3, false),
    settleMaxSeconds: positive('settle-max', values['settle-max'], quick ? 2 : 120, false),
    gatewayEnv: environment(values['gateway-env'] ?? []),
    profileDir: values.profile ? resolve(values.profile) : undefined,
    only: values.only
      ? values.only
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : [],
    skipEmbedded: values['no-embedded'] === true,
    output: values.output ?? new URL('./results.json', import.meta.url).pathname,
  };
}

/**
 * The command line of a standalone bench script (`dashboard.ts`, `rollup-cost.ts`): `BENCH_DATABASE_URL` as a URL
 * (the script exits 2 naming itself when it is unset) and the number after `flag` (`fallback` when absent or not
 * a number).
 */
export function standaloneArgs(script: string, flag: string, fallback: number): { base: string; url: URL; count: number } {
  const args = process.argv.slice(2);
  const count = Number(args[args.indexOf(flag) + 1] ?? fallback) || fallback;
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    console.error(`bench/${script}: set BENCH_DATABASE_URL (PostgreSQL)`);
    process.exit(2);
  }
  return { base, url: new URL(base), count };
}
