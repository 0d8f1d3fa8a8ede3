/** The schema as SDL, exactly as committed in `schema.graphql`. */
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './index.ts';

export function printSchemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
