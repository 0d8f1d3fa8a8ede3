/**
 * The migrations journal (drizzle/meta/_journal.json) against the migration files: every file has its entry and
 * the reverse, indexes follow the file numbers, and `when` grows with them. drizzle applies only the migrations
 * newer than the last one a database recorded, so an entry out of order would be skipped on an upgraded database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../../drizzle/', import.meta.url);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', DIR), 'utf8')) as {
  entries: Array<{ idx: number; when: number; tag: string }>;
};
const files = readdirSync(DIR)
  .filter((name) => name.endsWith('.sql'))
  .map((name) => name.slice(0, -4))
  .sort();

describe('migrations journal', () => {
  it('has one entry per migration file, in file order', () => {
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
  });

  it('numbers each entry as its file and makes `when` grow with it', () => {
    for (const entry of journal.entries) expect(entry.idx).toBe(Number(entry.tag.slice(0, 4)));
    const whens = journal.entries.map((e) => e.when);
    for (let i = 1; i < whens.length; i++) expect(whens[i], journal.entries[i]!.tag).toBeGreaterThan(whens[i - 1]!);
  });
});
