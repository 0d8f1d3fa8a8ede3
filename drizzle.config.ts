import { defineConfig } from 'drizzle-kit';

/** drizzle-kit only generates SQL from the schema; the gateway applies it at start-up. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
