/**
 * What the PostgreSQL scenarios that run on a database of their own
 * (`default-config.ts`, `status-ingestion.ts`) share: that database, the
 * servers they start, and the
 * shape of their report lines (`default-config-report.ts`,
 * `status-ingestion-report.ts`).
 */
import { stopServer, type ServerProcess } from './processes.ts';
import type { HttpMeasurement } from './requests.ts';

/** The parts of a scenario's outcome this module fills or reads. */
interface ScenarioOutcome {
  /** Where the data lived (no credentials); empty when the scenario could not run. */
  database: string;
  problems: string[];
  notes: string[];
}

/**
 * The scenario's own database, `<BENCH_DATABASE_URL's database><suffix>` on
 * the same server (`_default` → `bench_default`): its URL and name, with
 * `outcome.database` set to `host:port/name`. Undefined without
 * `databaseUrl`, with a note on `outcome` saying the scenario did not run.
 */
export function ownDatabase(
  outcome: ScenarioOutcome,
  databaseUrl: string | undefined,
  suffix: string,
): { url: string; name: string } | undefined {
  if (!databaseUrl) {
    outcome.notes.push('not run: it measures PostgreSQL against the floor (set BENCH_DATABASE_URL)');
    return undefined;
  }
  const url = new URL(databaseUrl);
  const name = `${decodeURIComponent(url.pathname.replace(/^\//, ''))}${suffix}`;
  url.pathname = `/${encodeURIComponent(name)}`;
  outcome.database = `${url.hostname}:${url.port || 5432}/${name}`;
  return { url: url.toString(), name };
}

/**
 * The servers a scenario starts: `started` records one and returns it (for
 * `.then(started)`), `stopAll` stops every one recorded, whatever broke.
 */
export function serverList(): { started: <T extends ServerProcess>(server: T) => T; stopAll: () => Promise<void> } {
  const servers: ServerProcess[] = [];
  return {
    started: (server) => {
      servers.push(server);
      return server;
    },
    stopAll: async () => {
      await Promise.all(servers.map(stopServer));
    },
  };
}

/** A measured member's report line, `label` padded to `width`: rate a second, p50 and p99 in ms. */
export function measurementLine(label: string, width: number, m: HttpMeasurement): string {
  return `  ${label.padEnd(width)} ${m.requestsPerSecond.toFixed(0).padStart(6)}/s  p50 ${m.latencyMs.p50} ms  p99 ${m.latencyMs.p99} ms`;
}

/** The report's closing lines: each note, then each problem. */
export function noteLines(outcome: ScenarioOutcome): string[] {
  return [...outcome.notes.map((note) => `  note: ${note}`), ...outcome.problems.map((problem) => `  PROBLEM: ${problem}`)];
}
