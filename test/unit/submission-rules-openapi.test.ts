/**
 * Every rule id the EN 16931 mapping can report at submission (src/einvoice/, through
 * src/domain/rules/body-rules.ts) is one the OpenAPI document's 422 schema allows: the
 * schema enumerates them, so a rule missing there would make a real 422 break the contract.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../rest-facade/openapi/index.ts';

const dir = new URL('../../src/einvoice/', import.meta.url);
const reported = new Set(
  readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => [...readFileSync(new URL(name, dir), 'utf8').matchAll(/'((?:BR|GW)-[A-Z0-9-]+)'/g)].map((m) => m[1]!)),
);

describe('the 422 schema of submissions', () => {
  const schema = (openApiDocument as any).components.schemas.ValidationError.properties.rule.enum as string[];

  it('finds the rules the mapping reports', () => {
    expect(reported.size).toBeGreaterThan(10);
  });

  it.each([...reported].sort())('allows %s', (rule) => {
    expect(schema).toContain(rule);
  });
});
