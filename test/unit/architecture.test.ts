/** The house rules of ARCHITECTURE.md as checks: the floors, the forbidden imports, no cycle; and proof they can fail. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, floorOf, type Import, readImports, violations } from '../support/import-graph.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const imports = readImports(root, ['src', 'rest-facade', 'sandbox-pa', 'console']);

const describeImport = ({ rule, import: i }: ReturnType<typeof violations>[number]) => `${rule}: ${i.from} → ${i.to}`;

describe('the house rules on the code base', () => {
  it('reads the imports of every room', () => {
    expect(imports.length).toBeGreaterThan(500);
    for (const room of ['src/domain/', 'src/schema/', 'rest-facade/', 'src/platform/', 'sandbox-pa/']) {
      expect(imports.some((i) => i.from.startsWith(room))).toBe(true);
    }
  });

  it('places every file of src/ on a floor', () => {
    const unplaced = [...new Set(imports.map((i) => i.from))].filter((f) => f.startsWith('src/') && floorOf(f) === undefined);
    expect(unplaced).toEqual([]);
  });

  it('has no import that breaks a rule', () => {
    expect(violations(imports).map(describeImport)).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(cycles(imports)).toEqual([]);
  });
});

/** Planted violations: each must be caught, or the checks above could pass on anything. */
describe('the checks catch a planted violation', () => {
  const planted: ReadonlyArray<[string, Import]> = [
    ['no import runs up a floor', { from: 'src/domain/x.ts', to: 'src/schema/types/invoice.ts', external: false }],
    ['no import runs up a floor', { from: 'src/model/documents.ts', to: 'src/einvoice/derive.ts', external: false }],
    ['no import runs up a floor', { from: 'src/db/rows.ts', to: 'src/domain/ids.ts', external: false }],
    ['domain, mapping, db and nouns never import GraphQL or HTTP packages', { from: 'src/domain/x.ts', to: 'graphql', external: true }],
    ['domain, mapping, db and nouns never import GraphQL or HTTP packages', { from: 'src/einvoice/x.ts', to: 'node:http', external: true }],
    [
      'platform, pipeline and webhooks never import schema, graphql or the context',
      { from: 'src/platform/x.ts', to: 'src/app/context.ts', external: false },
    ],
    [
      'rest-facade never imports db or platform internals (only their public faces)',
      { from: 'rest-facade/x.ts', to: 'src/platform/outbound/flow-sender.ts', external: false },
    ],
    ['sandbox-pa and the console never import src/', { from: 'sandbox-pa/src/x.ts', to: 'src/lib/clock.ts', external: false }],
  ];

  it.each(planted)('%s: %o', (rule, plantedImport) => {
    expect(violations([plantedImport]).map((v) => v.rule)).toContain(rule);
  });

  it('allows the public faces and imports down a floor', () => {
    expect(
      violations([
        { from: 'rest-facade/x.ts', to: 'src/platform/index.ts', external: false },
        { from: 'src/schema/x.ts', to: 'src/domain/ids.ts', external: false },
        { from: 'src/app/app.ts', to: 'rest-facade/index.ts', external: false },
      ]),
    ).toEqual([]);
  });

  it('finds a cycle of three files', () => {
    const a = { from: 'src/lib/a.ts', to: 'src/lib/b.ts', external: false };
    const b = { from: 'src/lib/b.ts', to: 'src/lib/c.ts', external: false };
    const c = { from: 'src/lib/c.ts', to: 'src/lib/a.ts', external: false };
    expect(cycles([a, b, c])).toEqual([['src/lib/a.ts', 'src/lib/b.ts', 'src/lib/c.ts']]);
  });
});
