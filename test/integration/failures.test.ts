/**
 * Unexpected failures: a generic 500 problem record with a request id, the
 * detail only in the log; and no credential ever written to the log.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/app.ts';
import type { Engine } from '../../src/db/client.ts';
import { createToken } from '../../src/domain/tenancy/tenancy-service.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { engines, openTestDatabase } from '../support/gateway.ts';

/** The gateway's logger (its redaction rules included) at debug level, writing into `lines`. */
function capturingLogger(lines: string[]) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return createLogger('debug', sink);
}

/** A gateway on `engine` logging into `lines` at debug level, and one tenant's token. */
async function loggedGateway(engine: Engine, lines: string[]) {
  const database = await openTestDatabase(engine);
  const created = await createToken(database.db, `tenant-${Date.now()}-${Math.random()}`);
  const app = buildApp({ db: database, log: capturingLogger(lines), platform: { kind: 'none' } });
  const url = await app.start(0, '127.0.0.1');
  return { database, token: created.token, url, stop: () => app.stop() };
}

// Each test starts its own gateway inside the test (an embedded database takes seconds to open on a loaded machine).
describe.each(engines())('failures on %s', { timeout: 60_000 }, (engine) => {
  it('answers an unexpected failure with a generic 500 and a request id; the cause goes to the log only', async () => {
    const lines: string[] = [];
    const { database, token, url, stop } = await loggedGateway(engine, lines);
    try {
      await database.close(); // every query now fails
      const client = new Client(url, `Bearer ${token}`);
      for (const reply of [
        await client.post('/v1/invoices', invoice().unique().build()),
        await client.get('/v1/invoices/01a20000-0000-7000-8000-000000000000'),
      ]) {
        expect(reply.status).toBe(500);
        expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(reply.body).toEqual({
          type: 'urn:einvoicing:problem:internal-error',
          title: 'Internal error',
          status: 500,
          detail: expect.stringContaining('request id'),
          request_id: reply.headers.get('x-request-id'),
        });
      }
      const graphql = await client.graphql('{ submissions { edges { cursor } } }');
      expect(JSON.stringify(graphql.body)).not.toMatch(/closed|PGlite|postgres|ended/i);
      expect(lines.some((line) => line.includes('REST request failed'))).toBe(true);
    } finally {
      await stop();
    }
  });

  it('never writes a token to the log, even at debug level', async () => {
    const lines: string[] = [];
    const { database, token, url, stop } = await loggedGateway(engine, lines);
    try {
      const client = new Client(url, `Bearer ${token}`);
      await client.post('/v1/invoices', invoice().unique().build());
      await client.post('/v1/invoices', invoice().unique().withCurrency('XXX').build());
      await client.graphql('{ submissions { edges { cursor } } }');
      await new Client(url, `Bearer ${token}x`).get('/v1/invoices/x');
      await database.close();
      await client.get('/v1/invoices/01a20000-0000-7000-8000-000000000000'); // logs an error with the request
      expect(lines.length).toBeGreaterThan(0);
      // `pas_<hex id>_<secret>`; the base64url secret may itself contain `_`.
      const secret = token.split('_').slice(2).join('_');
      expect(secret).toHaveLength(43);
      expect(lines.join('\n')).not.toContain(secret);
    } finally {
      await stop();
    }
  });
});
