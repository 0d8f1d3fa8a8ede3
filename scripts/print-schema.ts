/**
 * Prints the Pothos schema to `schema.graphql` (SDL). `--check` exits non-zero
 * when the committed file is stale instead of writing it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchemaSdl } from '../src/schema/print.ts';

const target = fileURLToPath(new URL('../schema.graphql', import.meta.url));
const sdl = printSchemaSdl();
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {}
  if (committed !== sdl) {
    console.error('schema.graphql is stale: run `npm run schema:print`');
    process.exit(1);
  }
} else {
  writeFileSync(target, sdl);
  console.log(`wrote ${target}`);
}
