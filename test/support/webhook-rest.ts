/**
 * What the `rest-webhook-endpoints-*.test.ts` files share: a plain receiver
 * (answers 204, no signature checks: those belong to the webhooks-*.test.ts
 * files), and the REST calls and problem checks their tests repeat.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Engine } from '../../src/db/client.ts';
import type { Client, Reply } from './client.ts';
import type { Gateway } from './gateway.ts';
import { startWebhookGateway } from './webhook-gateway.ts';

export const COLLECTION = '/v1/webhook-endpoints';
export const UNKNOWN_ID = '01a20000-0000-7000-8000-000000000000';
export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A receiver on 127.0.0.1 answering 204 and keeping what it received. */
export async function startReceiver() {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** PATCH an endpoint (the client checks every documented reply against the OpenAPI document). */
export const patch = (client: Client, id: string, body: unknown) => client.request('PATCH', `${COLLECTION}/${id}`, body);
/** DELETE an endpoint. */
export const remove = (client: Client, id: string) => client.request('DELETE', `${COLLECTION}/${id}`);

/**
 * What each suite of those files starts in `beforeAll` and stops in
 * `afterAll`: a webhook gateway (on PostgreSQL, on a database of its own: the
 * shared one's webhook queue holds the other test gateways' jobs) and a
 * receiver. `gateway` and `receiver` are set once `beforeAll` has run, so
 * tests read them from the returned object; `register(client, overrides)`
 * registers the receiver and expects 201.
 */
export function webhookRestSuite(engine: Engine) {
  const suite = {} as {
    gateway: Gateway;
    receiver: Awaited<ReturnType<typeof startReceiver>>;
    register: (client: Client, overrides?: Record<string, unknown>) => Promise<Reply>;
  };
  beforeAll(async () => {
    suite.gateway = await startWebhookGateway(engine);
    suite.receiver = await startReceiver();
  });
  afterAll(async () => {
    await suite.gateway?.stop();
    await suite.receiver?.close();
  });
  suite.register = async (client, overrides = {}) => {
    const reply = await client.post(COLLECTION, { url: suite.receiver.url, event_types: ['submission.received'], ...overrides });
    expect(reply.status, reply.text).toBe(201);
    return reply;
  };
  return suite;
}

export const expectProblem = (reply: Reply, status: number, type: string) => {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(reply.body).toMatchObject({ type: `urn:einvoicing:problem:${type}`, status });
};
