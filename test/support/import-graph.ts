/** The project's import graph and the house rules over it (ARCHITECTURE.md, "Floors"); used by test/unit/architecture.test.ts. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** One import: `from` and `to` are paths relative to the repository root (`to` is the specifier for a package). */
export interface Import {
  from: string;
  to: string;
  /** True for a package (`graphql`, `node:http`), false for a file of the repository. */
  external: boolean;
}

/** One broken rule, with the import that breaks it. */
export interface Violation {
  rule: string;
  import: Import;
}

const SOURCE = /\.(ts|mts|mjs|js)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'vendor') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every static, re-exported and dynamic import of the source files under `dirs` (relative to `root`). */
export function readImports(root: string, dirs: readonly string[]): Import[] {
  const imports: Import[] = [];
  for (const file of dirs.flatMap((dir) => walk(join(root, dir)))) {
    const text = readFileSync(file, 'utf8');
    const from = relative(root, file);
    for (const match of text.matchAll(
      /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/gm,
    )) {
      const specifier = (match[1] ?? match[2])!;
      const external = !specifier.startsWith('.') && !specifier.startsWith('/');
      imports.push({ from, to: external ? specifier : relative(root, resolve(dirname(file), specifier)), external });
    }
  }
  return imports;
}

/**
 * The floors, top first: an import may go down or stay on its floor, never up. `src/app` and `src/cli` are the
 * composition root above them all. Files are placed by their longest matching prefix, so a file may sit on
 * another floor than its folder (the context factory is what resolvers receive: the schema's floor).
 */
export const FLOORS: ReadonlyArray<{ floor: string; prefixes: readonly string[] }> = [
  { floor: 'root', prefixes: ['src/app/', 'src/cli/'] },
  { floor: 'transport', prefixes: ['rest-facade/', 'src/http/'] },
  { floor: 'schema', prefixes: ['src/schema/', 'src/graphql/', 'src/app/context.ts'] },
  { floor: 'workers', prefixes: ['src/pipeline/', 'src/platform/', 'src/dispatch/', 'src/limits/'] },
  { floor: 'webhooks', prefixes: ['src/webhooks/'] },
  { floor: 'domain', prefixes: ['src/domain/'] },
  { floor: 'mapping', prefixes: ['src/einvoice/', 'src/validation/'] },
  { floor: 'db', prefixes: ['src/db/'] },
  { floor: 'nouns', prefixes: ['src/model/', 'src/lib/', 'src/app/config-error.ts'] },
];

/** The floor of a repository file, or undefined outside the floors (examples, sandbox-pa, console). */
export function floorOf(path: string): number | undefined {
  let best: { index: number; length: number } | undefined;
  FLOORS.forEach(({ prefixes }, index) => {
    for (const prefix of prefixes) {
      if (path.startsWith(prefix) && (!best || prefix.length > best.length)) best = { index, length: prefix.length };
    }
  });
  return best?.index;
}

/** Packages of the transports: domain code never imports them (ARCHITECTURE.md). */
const TRANSPORT_PACKAGES = /^(graphql|graphql-yoga|graphql-ws|@pothos\/|@envelop\/|@graphql-|find-my-way|ws$|node:http)/;

/** Files other rooms may import from a room whose insides they may not: each module's public face. */
const PUBLIC_FACES = ['src/platform/index.ts', 'src/webhooks/index.ts', 'src/db/availability.ts'];

/** The house rules (ARCHITECTURE.md, "Rules of the house"), each a predicate on one import. */
export const RULES: ReadonlyArray<{ rule: string; breaks: (i: Import) => boolean }> = [
  {
    rule: 'no import runs up a floor',
    breaks: (i) => {
      if (i.external) return false;
      const from = floorOf(i.from);
      const to = floorOf(i.to);
      return from !== undefined && to !== undefined && to < from;
    },
  },
  {
    rule: 'domain, mapping, db and nouns never import GraphQL or HTTP packages',
    breaks: (i) => i.external && (floorOf(i.from) ?? 0) >= floorOf('src/domain/')! && TRANSPORT_PACKAGES.test(i.to),
  },
  {
    rule: 'platform, pipeline and webhooks never import schema, graphql or the context',
    breaks: (i) => /^src\/(platform|pipeline|webhooks)\//.test(i.from) && /^src\/(schema|graphql)\/|^src\/app\/context\.ts$/.test(i.to),
  },
  {
    rule: 'rest-facade never imports db or platform internals (only their public faces)',
    breaks: (i) => i.from.startsWith('rest-facade/') && /^src\/(db|platform)\//.test(i.to) && !PUBLIC_FACES.includes(i.to),
  },
  {
    rule: 'sandbox-pa and the console never import src/',
    breaks: (i) => /^(sandbox-pa|console)\//.test(i.from) && !i.external && i.to.startsWith('src/'),
  },
];

/** Every import that breaks a rule. */
export function violations(imports: readonly Import[]): Violation[] {
  return imports.flatMap((i) => RULES.filter((r) => r.breaks(i)).map((r) => ({ rule: r.rule, import: i })));
}

/** The import cycles between files (strongly connected components of more than one file), each as its files. */
export function cycles(imports: readonly Import[]): string[][] {
  const next = new Map<string, string[]>();
  for (const i of imports) if (!i.external) next.set(i.from, [...(next.get(i.from) ?? []), i.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      for (let top = stack.pop()!; ; top = stack.pop()!) {
        onStack.delete(top);
        component.push(top);
        if (top === node) break;
      }
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}
