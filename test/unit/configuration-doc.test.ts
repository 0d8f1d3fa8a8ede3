/** docs/configuration.md lists every environment variable src/app/config.ts and src/platform/settings.ts read. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../src/app/config.ts';

const source = ['../../src/app/config.ts', '../../src/platform/settings.ts']
  .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
  .join('\n');
const doc = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
const variables = [...new Set([...source.matchAll(/env(?:\.|, ')([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]!))];

describe('docs/configuration.md', () => {
  it('finds the variables in the code', () => {
    expect(variables.length).toBeGreaterThan(10);
  });

  it.each(variables)('documents %s', (name) => {
    expect(doc).toContain(`| \`${name}\` |`);
  });

  it('lists in --help (CONFIG_VARIABLES) exactly the variables the code reads', () => {
    expect(CONFIG_VARIABLES.map((variable) => variable.name).sort()).toEqual([...variables].sort());
  });
});
