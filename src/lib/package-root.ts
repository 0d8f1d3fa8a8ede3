/**
 * The package's root directory (where its package.json is), whether this module runs from src/ under tsx or
 * from the build in dist/src/. Called by the configuration (the default `DATA_DIR`) and the CLI (its version).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest directory above this module whose package.json is Passerelle's. @throws when there is none. */
export function packageRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'passerelle') return dir;
  }
  throw new Error(`no Passerelle package.json above ${fileURLToPath(import.meta.url)}`);
}
