// The validator's report cache (src/validation/report-cache.ts): the same text validated again resolves
// with the first report and runs nothing; anything else runs.
import { describe, expect, it } from 'vitest';
import { createReportCache } from '../../../src/validation/report-cache.ts';
import type { ValidationReport } from '../../../src/validation/types.ts';

function counter() {
  let runs = 0;
  const validate = (rule: string) => async (): Promise<ValidationReport> => {
    runs++;
    return {
      fatal: [{ source: 'en16931', rule, flag: 'fatal', location: '/Invoice', message: `run ${runs}` }],
      warnings: [],
      timingsMs: { xsd: 1, en16931: 2, brfr: 3 },
    };
  };
  return { validate, runs: () => runs };
}

describe('validation report cache', () => {
  it('answers the same text in the same syntax with the same frozen report, without running again', async () => {
    const cache = createReportCache(4);
    const { validate, runs } = counter();
    const first = await cache.get('ubl', '<Invoice/>', validate('BR-01'));
    const second = await cache.get('ubl', '<Invoice/>', validate('BR-02'));
    expect(second).toBe(first);
    expect(runs()).toBe(1);
    expect(Object.isFrozen(first) && Object.isFrozen(first.fatal) && Object.isFrozen(first.fatal[0])).toBe(true);
  });

  it.each([
    ['another text', 'ubl', '<Invoice />'],
    ['another syntax', 'cii', '<Invoice/>'],
    ['a CDAR message', 'cdar', '<Invoice/>'],
  ] as const)('runs again for %s', async (_, syntax, xml) => {
    const cache = createReportCache(4);
    const { validate, runs } = counter();
    await cache.get('ubl', '<Invoice/>', validate('BR-01'));
    await cache.get(syntax, xml, validate('BR-02'));
    expect(runs()).toBe(2);
  });

  it('shares one run between concurrent calls for the same text', async () => {
    const cache = createReportCache(4);
    const { validate, runs } = counter();
    const [a, b] = await Promise.all([cache.get('ubl', '<x/>', validate('A')), cache.get('ubl', '<x/>', validate('B'))]);
    expect(a).toBe(b);
    expect(runs()).toBe(1);
  });

  it('forgets the least recently used report beyond its capacity', async () => {
    const cache = createReportCache(2);
    const { validate, runs } = counter();
    for (const xml of ['<a/>', '<b/>', '<a/>', '<c/>']) await cache.get('ubl', xml, validate('R'));
    expect(runs()).toBe(3);
    await cache.get('ubl', '<a/>', validate('R'));
    expect(runs()).toBe(3);
    await cache.get('ubl', '<b/>', validate('R'));
    expect(runs()).toBe(4);
  });

  it('does not keep a failure: the next call runs again', async () => {
    const cache = createReportCache(4);
    await expect(cache.get('ubl', '<x/>', () => Promise.reject(new Error('worker crashed')))).rejects.toThrow('worker crashed');
    const { validate, runs } = counter();
    await cache.get('ubl', '<x/>', validate('R'));
    expect(runs()).toBe(1);
  });

  it('caches nothing with capacity 0', async () => {
    const cache = createReportCache(0);
    const { validate, runs } = counter();
    await cache.get('ubl', '<x/>', validate('R'));
    await cache.get('ubl', '<x/>', validate('R'));
    expect(runs()).toBe(2);
  });
});
