/** The README's lifecycle code table is the code list of src/domain/lifecycle/codes.ts, row for row (issue 18, Docs). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_CODES } from '../../src/domain/lifecycle/codes.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const rows = [...readme.matchAll(/^\| (\d{3}) \| ([^|]+) \| ([^|]+) \| (final)? *\| (`rejected`)? *\|$/gm)].map((match) => ({
  code: Number(match[1]),
  label: match[2]!.trim(),
  meaning: match[3]!.trim(),
  final: match[4] === 'final',
  rejects: match[5] !== undefined,
}));

describe('README lifecycle code table', () => {
  it('has one row per code, with its label, meaning, finality and effect on the processing state', () => {
    expect(rows).toEqual(LIFECYCLE_CODES.map(({ code, label, meaning, final, rejects }) => ({ code, label, meaning, final, rejects })));
  });
});
