/**
 * A gateway on a database of its own, for webhook tests: the gateway start-up
 * they share and the scratch PostgreSQL database it runs on.
 */
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import type { Engine } from '../../src/db/client.ts';
import { startGateway, type Gateway } from './gateway.ts';

/**
 * `startGateway`, but on PostgreSQL in a fresh database of its own, dropped
 * by `stop()`. Every gateway on one database shares its pg-boss queues, so a
 * test gateway on the shared TEST_DATABASE_URL would have its webhook jobs
 * taken by the other test files' gateways, which run on other clocks and
 * other secret keys. PGlite is in memory, private already.
 */
export async function startWebhookGateway(engine: Engine, options: Parameters<typeof startGateway>[1] = {}): Promise<Gateway> {
  if (engine !== 'postgres') return startGateway(engine, options);
  const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  let gateway: Gateway;
  try {
    gateway = await startGateway(engine, { ...options, databaseUrl: database.url });
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    ...gateway,
    async stop() {
      try {
        await gateway.stop();
      } finally {
        await database.drop();
      }
    },
  };
}

/** Creates an empty database on the server of `baseUrl`; `drop()` removes it, closing what is still connected. */
export async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `passerelle_webhooks_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = () => postgres(baseUrl, { max: 1, onnotice: () => {} });
  const sql = admin();
  try {
    await sql.unsafe(`create database ${name}`);
  } finally {
    await sql.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const sql = admin();
      try {
        await sql.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await sql.end();
      }
    },
  };
}
