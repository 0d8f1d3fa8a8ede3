/**
 * Prints the Pothos schema to `schema.graphql` (SDL). `--check` exits non-zero
 * when the committed file is stale instead of writing it.
 */
import { fileURLToPath } from 'node:url';
import { printSchemaSdl } from '../src/schema/print.ts';
import { writeOrCheck } from './generated-file.ts';

writeOrCheck(fileURLToPath(new URL('../schema.graphql', import.meta.url)), printSchemaSdl(), 'schema.graphql', 'npm run schema:print');
