/**
 * The scenario registry. A scenario is `{ name, title, kind, server, run(ctx) }`;
 * `runScenarios` (`runner.ts`) runs the registered scenarios in order on
 * each engine section (`sections.ts`), members of a ratio in interleaved
 * rounds, and the report (`report.ts`) prints and checks
 * whatever they return.
 *
 * Two kinds: `'http'` scenarios drive one kind of request with the load
 * generator (autocannon); the `'fanout'` scenario (issue 5's subscription
 * fan-out: 1,000 graphql-ws subscribers on one tenant's `submissionEvents`,
 * one status recorded, time until every subscriber has it) runs its
 * subscribers in a process of their own (`fanout.ts`, `subscribers.ts`),
 * records statuses through the platform endpoint (a direct INSERT raises no
 * event) on a seeded submission, and returns a `FanoutResult`. The gateway
 * runs without the simulated platform, so those statuses are the only events.
 */
import { measureFanout } from './fanout.ts';
import type { LoadGenerator } from './load.ts';
import type { BenchOptions } from './options.ts';
import type { HttpMeasurement, LoadJob, RequestKind } from './requests.ts';
import type { FanoutMeasurement } from './fanout-types.ts';

export type Engine = 'postgres' | 'pglite';

/** What a scenario may use. Servers are already running and seeded. */
export interface ScenarioContext {
  engine: Engine;
  options: BenchOptions;
  /** Unique to this benchmark run; prefixes every generated document. */
  runId: string;
  gateway: {
    url: string;
    /** The bench tenant's token. */
    token: string;
    /** A platform (PA) credential: records lifecycle statuses (`POST /pa/v1/lifecycle-events`). */
    platformToken: string;
    tenant: string;
    pid: number;
  };
  /** The floor server (PostgreSQL section only). */
  floor?: { url: string; token: string };
  seeds: {
    /** Gateway submissions for the GET-by-id scenario to cycle over. */
    gatewayIds: string[];
    /** Floor submissions for the floor GET scenario. */
    floorIds: string[];
    /** A gateway submission with `STATUS_COUNT` lifecycle statuses. */
    statusesId: string;
  };
  /** The gateway's PostgreSQL database (PostgreSQL section only). */
  databaseUrl?: string;
  /** Runs HTTP load from the load generator process. */
  load: LoadGenerator;
}

/** A request/response scenario measured by autocannon. */
export interface HttpResult {
  kind: 'http';
  measurement: HttpMeasurement;
}

/** An event fan-out scenario: how long until every subscriber got one event. */
export interface FanoutResult {
  kind: 'fanout';
  subscribers: number;
  /** Subscribers that received the event before the scenario gave up. */
  received: number;
  /** From recording the status to each subscriber's receipt. */
  latencyMs: { p50: number; p99: number; max: number };
  errors: number;
  /** Statuses recorded and measured one after the other; `received` is the worst of them, `latencyMs` all receipts together. */
  rounds: number;
  /** Everything the subscriber process measured: per round, connection and probe times, gateway RSS, error samples. */
  details: FanoutMeasurement;
}

export type ScenarioResult = HttpResult | FanoutResult;

export interface Scenario {
  /** Stable id: the key in results.json and the name `--only` takes. */
  name: string;
  /** Label in the table. */
  title: string;
  kind: ScenarioResult['kind'];
  /** Which process serves it; floor scenarios run only where a floor runs. */
  server: 'gateway' | 'floor';
  run(ctx: ScenarioContext): Promise<ScenarioResult>;
  /**
   * Scenarios of one group are compared in a ratio, and measured in
   * interleaved rounds (`interleave.ts`) instead of one after the other.
   */
  group?: 'post' | 'get';
  /** The load job of an HTTP scenario, documents prefixed with `prefix`. */
  job?(ctx: ScenarioContext, prefix: string): LoadJob;
}

/** A scenario driving one kind of request at `server` with the load generator. */
function httpScenario(
  name: string,
  title: string,
  server: 'gateway' | 'floor',
  kind: RequestKind,
  options: { ids?: (seeds: ScenarioContext['seeds']) => string[]; group?: Scenario['group'] } = {},
): Scenario {
  const job = (ctx: ScenarioContext, prefix: string): LoadJob => {
    const target = server === 'floor' ? ctx.floor : ctx.gateway;
    if (!target) throw new Error(`${name} needs the floor server`);
    return {
      kind,
      baseUrl: target.url,
      token: target.token,
      ids: options.ids?.(ctx.seeds) ?? [],
      prefix,
      connections: ctx.options.connections,
      warmupSeconds: ctx.options.warmupSeconds,
      durationSeconds: ctx.options.durationSeconds,
    };
  };
  return {
    name,
    title,
    kind: 'http',
    server,
    group: options.group,
    job,
    async run(ctx) {
      const { latenciesMs: _raw, ...measurement } = await ctx.load.measure(job(ctx, `${ctx.runId}-${ctx.engine}-${name}`));
      return { kind: 'http', measurement };
    },
  };
}

/**
 * Issue 5's subscription fan-out: `ctx.options.subscribers` graphql-ws
 * connections, one `submissionEvents` subscription each, for the bench
 * tenant; then `ctx.options.fanoutRounds` statuses recorded one after the
 * other on the last seeded submission (not the statuses scenarios' one, whose
 * count the section checks), each timed from just before its POST to each
 * subscriber's receipt. See `subscribers.ts`.
 */
const fanoutScenario: Scenario = {
  name: 'fanout',
  title: 'fan-out: graphql-ws submissionEvents',
  kind: 'fanout',
  server: 'gateway',
  async run(ctx) {
    const { gatewayIds, statusesId } = ctx.seeds;
    const submissionId = gatewayIds.findLast((id) => id !== statusesId) ?? statusesId;
    const details = await measureFanout({
      baseUrl: ctx.gateway.url,
      token: ctx.gateway.token,
      platformToken: ctx.gateway.platformToken,
      submissionId,
      subscribers: ctx.options.subscribers,
      rounds: ctx.options.fanoutRounds,
      eventIdPrefix: `${ctx.runId}-${ctx.engine}-fanout`,
      gatewayPid: ctx.gateway.pid,
    });
    return {
      kind: 'fanout',
      subscribers: details.subscribers,
      received: details.received,
      latencyMs: { p50: details.latencyMs.p50, p99: details.latencyMs.p99, max: details.latencyMs.max },
      errors: details.errors,
      rounds: details.rounds.length,
      details,
    };
  },
};

/**
 * Every scenario, in run order. Each floor scenario is in a group with its
 * gateway counterparts: they are measured in interleaved rounds, so both
 * meet the machine and the database in the same state.
 */
export const SCENARIOS: readonly Scenario[] = [
  httpScenario('floor-post', 'floor POST /v1/invoices', 'floor', 'rest-post-invoice', { group: 'post' }),
  httpScenario('rest-post', 'REST POST /v1/invoices', 'gateway', 'rest-post-invoice', { group: 'post' }),
  httpScenario('graphql-submit', 'GraphQL submitInvoice', 'gateway', 'graphql-submit-invoice', { group: 'post' }),
  httpScenario('floor-get', 'floor GET /v1/invoices/{id}', 'floor', 'rest-get-invoice', { ids: (seeds) => seeds.floorIds, group: 'get' }),
  httpScenario('rest-get', 'REST GET /v1/invoices/{id}', 'gateway', 'rest-get-invoice', { ids: (seeds) => seeds.gatewayIds, group: 'get' }),
  httpScenario('rest-statuses', 'REST GET /v1/invoices/{id}/statuses', 'gateway', 'rest-get-statuses', {
    ids: (seeds) => [seeds.statusesId],
  }),
  httpScenario('graphql-submission', 'GraphQL submission(id) + statuses', 'gateway', 'graphql-submission', {
    ids: (seeds) => [seeds.statusesId],
  }),
  // Last: its statuses and 1,000 connections touch nothing the request scenarios measure.
  fanoutScenario,
];

/**
 * The pipeline scenario (issue 17, `pipeline.ts`): 202 → `validated` with the
 * official artefacts and with `VALIDATION=native`, the time split of one
 * document, the gateway's memory. Not in `SCENARIOS`: it starts gateways of
 * its own on a database of its own, after the engine sections (its tenants
 * have a seller profile, whose documents the sections' gateway would process
 * too), and reports under `pipeline` in results.json.
 */
export const PIPELINE_SCENARIO = 'pipeline';

/** Every name `--only` takes. */
export const SCENARIO_NAMES: readonly string[] = [...SCENARIOS.map((scenario) => scenario.name), PIPELINE_SCENARIO];

/** Whether `only` (`--only`, all when empty) selects the pipeline scenario; `sections` whether it selects any of `SCENARIOS`. */
export function selects(only: readonly string[], what: 'pipeline' | 'sections'): boolean {
  if (only.length === 0) return true;
  return what === 'pipeline' ? only.includes(PIPELINE_SCENARIO) : only.some((name) => name !== PIPELINE_SCENARIO);
}

/** The scenarios to run on a section: floor ones only with a floor, and only those `only` names (all when empty). */
export function selectScenarios(options: { withFloor: boolean; only: readonly string[] }): Scenario[] {
  return SCENARIOS.filter(
    (scenario) => (options.withFloor || scenario.server !== 'floor') && (options.only.length === 0 || options.only.includes(scenario.name)),
  );
}
