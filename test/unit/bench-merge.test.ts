/** The benchmark's merge of interleaved slices (bench/requests.ts `mergeMeasurements`). */
import { describe, expect, it } from 'vitest';
import { mergeMeasurements, type HttpMeasurement } from '../../bench/requests.ts';

function slice(fields: Partial<HttpMeasurement> & { latenciesMs: number[]; durationSeconds: number }): HttpMeasurement {
  const sorted = [...fields.latenciesMs].sort((a, b) => a - b);
  return {
    requestsPerSecond: fields.latenciesMs.length / fields.durationSeconds,
    totalRequests: fields.latenciesMs.length,
    total2xx: fields.latenciesMs.length,
    latencyMs: { p50: sorted[0]!, p90: sorted[0]!, p99: sorted[0]!, max: sorted.at(-1)!, average: 0 },
    non2xx: 0,
    statusCodes: { '202': fields.latenciesMs.length },
    mismatches: 0,
    errors: 0,
    timeouts: 0,
    ...fields,
  };
}

describe('mergeMeasurements', () => {
  it('adds counts, divides all requests by all seconds, and takes percentiles over every reply', () => {
    // 100 fast replies in one slice, 100 slow ones in the other: the merged p50 is the fast side's top, p99 the slow side's.
    const fast = slice({ latenciesMs: Array.from({ length: 100 }, (_, i) => 1 + i / 100), durationSeconds: 2 });
    const slow = slice({
      latenciesMs: Array.from({ length: 100 }, (_, i) => 40 + i / 10),
      durationSeconds: 3,
      errors: 1,
      statusCodes: { '202': 99, '500': 1 },
      non2xx: 1,
    });
    const merged = mergeMeasurements([fast, slow]);
    expect(merged).toMatchObject({
      requestsPerSecond: 40,
      totalRequests: 200,
      total2xx: 200,
      durationSeconds: 5,
      errors: 1,
      non2xx: 1,
      statusCodes: { '202': 199, '500': 1 },
      // Nearest rank: the 100th, 180th and 198th of 200.
      latencyMs: { p50: 1.99, p90: 47.9, p99: 49.7, max: 49.9 },
    });
    expect(merged.latencyMs.average).toBeCloseTo(
      (fast.latenciesMs!.reduce((a, b) => a + b) + slow.latenciesMs!.reduce((a, b) => a + b)) / 200,
      2,
    );
    expect(merged).not.toHaveProperty('latenciesMs');
  });

  it('reports zeros, not NaN, for slices without replies', () => {
    const merged = mergeMeasurements([slice({ latenciesMs: [], durationSeconds: 0, totalRequests: 0 })]);
    expect(merged.requestsPerSecond).toBe(0);
    expect(merged.latencyMs).toEqual({ p50: 0, p90: 0, p99: 0, max: 0, average: 0 });
  });
});
