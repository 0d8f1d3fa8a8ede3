/**
 * House rule (ARCHITECTURE.md, issue 27): every source file opens with a comment saying what it is and who calls it.
 * Checks the first non-blank characters of each file of src/, rest-facade/, sandbox-pa/src/ and console/src/, and
 * that no comment sends the reader to an issue: history and measurements belong in docs/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROOMS = ['src', 'rest-facade', 'sandbox-pa/src', 'console/src'];
// Generated from schema.graphql (npm run graphql:env): its header is the generator's.
const GENERATED = new Set(['src/graphql/graphql-env.d.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mjs|js)$/.test(name) ? [path] : [];
  });
}

describe('file headers', () => {
  it('opens every source file with a comment', () => {
    const files = ROOMS.flatMap((room) => sources(join(ROOT, room))).map((path) => relative(ROOT, path));
    expect(files.length).toBeGreaterThan(100);
    const bare = files.filter((file) => !GENERATED.has(file) && !/^\s*(\/\*|\/\/)/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(bare).toEqual([]);
  });

  it('names no issue in the code: comments point to docs/', () => {
    const files = ROOMS.flatMap((room) => sources(join(ROOT, room))).map((path) => relative(ROOT, path));
    const naming = files.filter((file) => /\bissue \d+/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(naming).toEqual([]);
  });
});
