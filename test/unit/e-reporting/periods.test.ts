// Periods and deadlines by VAT regime (DSE v3.2 §3.7.7, Tableau 13), in Paris dates.
import { describe, expect, it } from 'vitest';
import { parisInstant, parsePeriod, periodEndsAt, periodOf, VAT_REGIMES } from '../../../src/domain/e-reporting/periods.ts';
import { itMaps } from '../../support/unit-tables.ts';

describe('periodOf (Tableau 13)', () => {
  it.each([
    // regime, kind, date → id, start, end, deadline, portal deadline
    ['normal_monthly', 'transactions', '2026-09-01', '2026-09-D1', '2026-09-01', '2026-09-10', '2026-09-20', '2026-09-21T08:00:00+02:00'],
    ['normal_monthly', 'transactions', '2026-09-10', '2026-09-D1', '2026-09-01', '2026-09-10', '2026-09-20', '2026-09-21T08:00:00+02:00'],
    ['normal_monthly', 'transactions', '2026-09-11', '2026-09-D2', '2026-09-11', '2026-09-20', '2026-09-30', '2026-10-01T08:00:00+02:00'],
    ['normal_monthly', 'transactions', '2026-09-21', '2026-09-D3', '2026-09-21', '2026-09-30', '2026-10-10', '2026-10-11T08:00:00+02:00'],
    ['normal_monthly', 'transactions', '2027-02-28', '2027-02-D3', '2027-02-21', '2027-02-28', '2027-03-10', '2027-03-11T08:00:00+01:00'],
    ['normal_monthly', 'transactions', '2028-02-29', '2028-02-D3', '2028-02-21', '2028-02-29', '2028-03-10', '2028-03-11T08:00:00+01:00'],
    ['normal_monthly', 'transactions', '2026-12-31', '2026-12-D3', '2026-12-21', '2026-12-31', '2027-01-10', '2027-01-11T08:00:00+01:00'],
    ['normal_monthly', 'transactions', '2027-02-15', '2027-02-D2', '2027-02-11', '2027-02-20', '2027-02-28', '2027-03-01T08:00:00+01:00'],
    ['normal_monthly', 'payments', '2026-09-25', '2026-09', '2026-09-01', '2026-09-30', '2026-10-10', '2026-10-11T08:00:00+02:00'],
    ['normal_monthly', 'payments', '2026-12-02', '2026-12', '2026-12-01', '2026-12-31', '2027-01-10', '2027-01-11T08:00:00+01:00'],
    ['normal_quarterly', 'transactions', '2026-10-05', '2026-10', '2026-10-01', '2026-10-31', '2026-11-10', '2026-11-11T08:00:00+01:00'],
    ['normal_quarterly', 'payments', '2026-10-31', '2026-10', '2026-10-01', '2026-10-31', '2026-11-10', '2026-11-11T08:00:00+01:00'],
    ['simplified', 'transactions', '2026-09-30', '2026-09', '2026-09-01', '2026-09-30', '2026-10-31', '2026-11-01T08:00:00+01:00'],
    ['simplified', 'payments', '2027-01-15', '2027-01', '2027-01-01', '2027-01-31', '2027-02-28', '2027-03-01T08:00:00+01:00'],
    ['simplified', 'transactions', '2026-12-01', '2026-12', '2026-12-01', '2026-12-31', '2027-01-31', '2027-02-01T08:00:00+01:00'],
    ['franchise', 'transactions', '2026-09-01', '2026-B5', '2026-09-01', '2026-10-31', '2026-11-30', '2026-12-01T08:00:00+01:00'],
    ['franchise', 'transactions', '2026-10-31', '2026-B5', '2026-09-01', '2026-10-31', '2026-11-30', '2026-12-01T08:00:00+01:00'],
    ['franchise', 'payments', '2026-11-15', '2026-B6', '2026-11-01', '2026-12-31', '2027-01-31', '2027-02-01T08:00:00+01:00'],
    ['franchise', 'transactions', '2028-02-29', '2028-B1', '2028-01-01', '2028-02-29', '2028-03-31', '2028-04-01T08:00:00+02:00'],
    ['franchise', 'payments', '2027-03-01', '2027-B2', '2027-03-01', '2027-04-30', '2027-05-31', '2027-06-01T08:00:00+02:00'],
  ] as const)('%s %s %s → %s', (regime, kind, date, id, start, end, deadline, portalDeadline) => {
    expect(periodOf(regime, kind, date)).toEqual({ id, kind, start, end, deadline, portalDeadline });
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => periodOf('simplified', 'payments', '2026-9-1')).toThrow(RangeError);
  });
});

describe('parsePeriod', () => {
  it.each([
    ['normal_monthly', 'transactions', '2026-09-D2', '2026-09-11'],
    ['normal_monthly', 'payments', '2026-09', '2026-09-01'],
    ['normal_quarterly', 'transactions', '2026-09', '2026-09-01'],
    ['franchise', 'payments', '2026-B3', '2026-05-01'],
  ] as const)('%s %s %s starts on %s', (regime, kind, id, start) => {
    expect(parsePeriod(regime, kind, id)).toMatchObject({ id, start });
  });

  it.each([
    ['normal_monthly', 'transactions', '2026-09'],
    ['normal_monthly', 'payments', '2026-09-D1'],
    ['simplified', 'transactions', '2026-09-D3'],
    ['franchise', 'transactions', '2026-09'],
    ['normal_quarterly', 'payments', '2026-B1'],
    ['simplified', 'payments', '2026-13'],
    ['simplified', 'payments', '2026-00'],
    ['franchise', 'payments', '2026-B7'],
    ['normal_monthly', 'transactions', '2026-09-D4'],
    ['simplified', 'payments', '1999-12'],
    ['simplified', 'payments', ' 2026-09'],
  ] as const)('%s %s refuses %j', (regime, kind, id) => {
    expect(parsePeriod(regime, kind, id)).toBeUndefined();
  });

  it('every period of every regime and kind parses back from its id over three years', () => {
    for (const regime of VAT_REGIMES) {
      for (const kind of ['transactions', 'payments'] as const) {
        for (let day = 0; day < 3 * 366; day += 1) {
          const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
          const period = periodOf(regime, kind, date);
          expect(date >= period.start && date <= period.end).toBe(true);
          expect(period.deadline > period.end).toBe(true);
          expect(parsePeriod(regime, kind, period.id)).toEqual(period);
        }
      }
    }
  });
});

describe('Paris instants', () => {
  itMaps('%s %s is %s', parisInstant, [
    ['2026-03-29', '08:00:00', '2026-03-29T08:00:00+02:00'],
    ['2026-03-28', '08:00:00', '2026-03-28T08:00:00+01:00'],
    ['2026-10-25', '00:00:00', '2026-10-25T00:00:00+02:00'],
    ['2026-10-26', '00:00:00', '2026-10-26T00:00:00+01:00'],
  ]);

  it('a period ends at midnight Paris time after its last day', () => {
    expect(periodEndsAt({ end: '2026-09-10' })).toBe('2026-09-11T00:00:00+02:00');
    expect(new Date(periodEndsAt({ end: '2026-12-31' })).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });
});
