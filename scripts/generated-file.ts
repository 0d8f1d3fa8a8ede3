/**
 * Writes a generated file, or with `--check` exits 1 when the committed one differs: the one way
 * `print-schema.ts` (schema.graphql) and `graphql-env.ts` (src/graphql/graphql-env.d.ts) keep their output.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** `target`: absolute path; `content`: what it must hold; `regenerate`: the npm script that rewrites it. */
export function writeOrCheck(target: string, content: string, label: string, regenerate: string): void {
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(target, 'utf8');
    } catch {}
    if (committed !== content) {
      console.error(`${label} is stale: run \`${regenerate}\``);
      process.exit(1);
    }
  } else {
    writeFileSync(target, content);
    console.log(`wrote ${target}`);
  }
}
