/** The API guide (docs/api-guide.md) documents every rule id and problem type the code can return. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROBLEMS } from '../../rest-facade/problem.ts';
import { RULE_CATALOGUE } from '../../src/domain/rules/index.ts';

const readme = readFileSync(new URL('../../docs/api-guide.md', import.meta.url), 'utf8');

describe('docs/api-guide.md', () => {
  it.each(RULE_CATALOGUE.map((rule) => rule.id))('documents rule %s', (id) => {
    expect(readme).toContain(`\`${id}\``);
  });

  it.each(Object.values(PROBLEMS).map((problem) => problem.type))('documents problem type %s', (type) => {
    expect(readme).toContain(`\`${type}\``);
  });
});
