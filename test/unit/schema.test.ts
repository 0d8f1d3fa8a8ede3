/** The committed schema.graphql is the printed Pothos schema, and input names round-trip to the wire. */
import { readFileSync } from 'node:fs';
import { isInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printSchemaSdl } from '../../src/schema/print.ts';
import { schema } from '../../src/schema/index.ts';
import { toGraphQLName, toWireName } from '../../src/schema/wire-names.ts';

describe('schema', () => {
  it('matches the committed schema.graphql (run `npm run schema:print` after changing types)', () => {
    const committed = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(printSchemaSdl());
  });

  it('spells every input field so that its wire (snake_case) name maps back to it', () => {
    const inputs = Object.values(schema.getTypeMap()).filter(isInputObjectType);
    expect(inputs.length).toBeGreaterThan(5);
    for (const type of inputs) {
      for (const name of Object.keys(type.getFields())) {
        expect(toGraphQLName(toWireName(name)), `${type.name}.${name}`).toBe(name);
      }
    }
  });
});
