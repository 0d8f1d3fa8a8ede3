/**
 * The gateway's V8 flags (heap cap, young generation, pretenuring; see
 * docs/stack-notes.md) are set in two places that must agree: `npm start` and
 * the bin's shebang, which is what an installed `passerelle serve` runs with.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);

function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  // exec: the shell npm runs the script in becomes node, so signals sent to npm reach the gateway.
  expect(words.slice(0, 2)).toEqual(['exec', 'node']);
  return words.slice(2, words.indexOf('bin/passerelle.mjs'));
}

function shebangFlags(): string[] {
  const first = readFileSync(new URL('bin/passerelle.mjs', root), 'utf8').split('\n', 1)[0]!;
  const words = first.split(/\s+/);
  expect(words.slice(0, 3)).toEqual(['#!/usr/bin/env', '-S', 'node']);
  return words.slice(3);
}

describe('launch flags', () => {
  it('are the same in `npm start` and in the bin', () => {
    expect(shebangFlags()).toEqual(startFlags());
  });

  it('cap the heap, size the young generation and turn pretenuring off', () => {
    expect(startFlags()).toEqual(
      expect.arrayContaining(['--max-old-space-size=160', '--max-semi-space-size=32', '--no-allocation-site-pretenuring']),
    );
  });
});
