// The dead-export check (ARCHITECTURE.md, rules of the house): every export of src/ and rest-facade/ is read by some file.
// An export only its own file reads (a parameter type, a default beside its function) passes; one nobody reads fails.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** Whose exports are checked. */
const EXPORTERS = ['src', 'rest-facade'];
/** Who counts as an importer (the exporters themselves among them). */
const IMPORTERS = ['src', 'rest-facade', 'bin', 'scripts', 'bench', 'test'];

/**
 * Exports nothing reads on purpose, as `file` (every export of it) or `file#name`, each with its reason: an entry point
 * loaded by path (a worker's module, a file a tool reads whole). Empty today: `bin/` and `scripts/` import what they
 * start, and drizzle-kit's `src/db/schema.ts` tables are all read by the stores.
 */
const ENTRY_POINTS = new Set<string>([]);

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'vendor') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|mts|mjs|js)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The repository file `specifier` names from `file` (relative to `root`), or undefined for a package. */
function resolveSpecifier(root: string, file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(file), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  return found && relative(root, found);
}

const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names `source` exports by declaration (`export function f`, `export { a, b }`, `export default`). */
function exportedNames(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node) && !node.moduleSpecifier && node.exportClause && ts.isNamedExports(node.exportClause)) {
      names.push(...node.exportClause.elements.map((e) => e.name.text));
    } else if (ts.isExportAssignment(node)) {
      names.push('default');
    } else if (hasExport(node)) {
      if (ts.isVariableStatement(node)) {
        for (const declaration of node.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
        }
      } else if ('name' in node && node.name && ts.isIdentifier(node.name as ts.Node)) {
        const isDefault = (ts.getModifiers(node as ts.HasModifiers) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
        names.push(isDefault ? 'default' : (node.name as ts.Identifier).text);
      }
    }
  }
  return names;
}

/** How many times `name` appears as an identifier in `source` (comments and strings left out). */
function identifierCount(source: ts.SourceFile, name: string): number {
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) count++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

/** Every `file#name` some importer uses; `file#*` when it takes the whole module (namespace, `export *`, `import()`). */
function usedExports(root: string, files: readonly string[]): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const visit = (node: ts.Node): void => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const target = resolveSpecifier(root, file, node.moduleSpecifier.text);
        if (target) {
          const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
          const bindings = clause?.namedBindings;
          if (ts.isExportDeclaration(node)) {
            const exported = node.exportClause;
            if (exported && ts.isNamedExports(exported)) {
              for (const e of exported.elements) used.add(`${target}#${(e.propertyName ?? e.name).text}`);
            } else used.add(`${target}#*`);
          } else if (!clause || (bindings && ts.isNamespaceImport(bindings))) {
            used.add(`${target}#*`); // a side-effect import or a namespace: the module as a whole
          } else {
            if (clause.name) used.add(`${target}#default`);
            if (bindings && ts.isNamedImports(bindings)) {
              for (const e of bindings.elements) used.add(`${target}#${(e.propertyName ?? e.name).text}`);
            }
          }
        }
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        const target = argument && ts.isStringLiteralLike(argument) ? resolveSpecifier(root, file, argument.text) : undefined;
        if (target) used.add(`${target}#*`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

/** `file#name` for each export of the files under `exporters` that no file under `importers` uses, nor `allowed` names. */
function deadExports(root: string, exporters: readonly string[], importers: readonly string[], allowed: ReadonlySet<string>): string[] {
  const used = usedExports(
    root,
    importers.flatMap((dir) => walk(join(root, dir))),
  );
  const dead: string[] = [];
  for (const file of exporters.flatMap((dir) => walk(join(root, dir)))) {
    const path = relative(root, file);
    if (allowed.has(path) || used.has(`${path}#*`)) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const name of exportedNames(source)) {
      const key = `${path}#${name}`;
      // Exported and used only by its own file (a parameter type, a default beside its function) is a public face, not
      // dead code: what fails is an export that nothing reads, here or elsewhere.
      if (!used.has(key) && !allowed.has(key) && identifierCount(source, name) <= 1) dead.push(key);
    }
  }
  return dead.sort();
}

describe('exports', () => {
  it('every export of src/ and rest-facade/ is read somewhere (or is a listed entry point)', () => {
    expect(deadExports(ROOT, EXPORTERS, IMPORTERS, ENTRY_POINTS)).toEqual([]);
  });

  it('fails on a planted dead export; sees named, renamed, re-exported, namespace, dynamic and own-file uses', () => {
    const root = mkdtempSync(join(tmpdir(), 'dead-exports-'));
    try {
      mkdirSync(join(root, 'src'));
      mkdirSync(join(root, 'test'));
      const files: Record<string, string> = {
        'src/a.ts':
          'export const used = 1;\nexport const renamed = 2;\nexport function planted() {}\nexport type T = number;\nexport const local = 6;\nexport const twice = local * 2;\n',
        'src/b.ts': "import { used, renamed as r } from './a.ts';\nexport { type T } from './a.ts';\nexport const b = used + r;\n",
        'src/c.ts': 'export default 3;\nexport const viaNamespace = 4;\n',
        'src/d.ts': 'export const viaImport = 5;\n',
        'test/e.ts':
          "import c from '../src/c.ts';\nimport * as ns from '../src/c.ts';\nimport { b } from '../src/b.ts';\nawait import('../src/d.ts');\nexport const e = [c, ns, b];\n",
      };
      for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
      expect(deadExports(root, ['src'], ['src', 'test'], new Set())).toEqual(['src/a.ts#planted', 'src/a.ts#twice']);
      expect(deadExports(root, ['src'], ['src', 'test'], new Set(['src/a.ts#planted', 'src/a.ts#twice']))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
