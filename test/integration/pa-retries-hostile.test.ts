/**
 * Head-of-line blocking under a PA that cannot serve one status flow (issue 26, item 3), on each engine: the
 * flow's failures are counted in the database, and after the policy's attempts and age it is set aside (a
 * `set-aside` problem that `passerelle pa-problems list` shows) and the statuses after it are recorded; refused
 * credentials are the connection's fault and set nothing aside.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_COMMANDS } from '../../src/cli/cli-admin.ts';
import { platformInboundProblems, platformInboundRetries } from '../../src/db/schema.ts';
import type { StatusPoller } from '../../src/platform/inbound/status-poller.ts';
import type { Client } from '../support/client.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { cdarFor, type InboundFake, sentInvoice } from '../support/hostile-inbound-pa.ts';
import { hostilePoller } from '../support/hostile-poller.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines())('status poller against a PA that cannot serve one flow (%s)', (engine) => {
  let fake: InboundFake, gateway: Gateway, tenant: Client, poller: StatusPoller, connection: string;
  hostilePoller(
    engine,
    { prefix: 'retries', retryPolicy: { maxAttempts: 3, minAgeMs: 300 } },
    (rig) => ({ fake, gateway, tenant, poller, connection } = rig),
  );

  const codes = async (id: string) =>
    (await tenant.get(`/v1/invoices/${id}/statuses`)).body.data.map((status: { code: number }) => status.code);
  const retries = async (flowId: string) =>
    (await gateway.database.db.select().from(platformInboundRetries).where(eq(platformInboundRetries.flowId, flowId)))[0];

  it('sets a flow that always fails aside after 3 attempts over 300 ms, lists it, and records the statuses after it', async () => {
    const doc = await sentInvoice(gateway, tenant);
    fake.serve(cdarFor(doc, 200));
    const failing = fake.serve((res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"errorCode":"INTERNAL_ERROR"}'));
    fake.serve(cdarFor(doc, 202));
    await poller.pollNow();
    expect(await codes(doc.id)).toEqual([200]);
    expect(await retries(failing)).toMatchObject({ attempts: 1, lastError: 'getFlow: HTTP 500' });
    await poller.pollNow();
    expect(await codes(doc.id)).toEqual([200]);
    expect((await retries(failing))?.attempts).toBe(2);
    await pause(350);
    await poller.pollNow();
    expect(await codes(doc.id)).toEqual([200, 202]);
    expect(await retries(failing)).toBeUndefined();
    const [kept] = await gateway.database.db.select().from(platformInboundProblems).where(eq(platformInboundProblems.flowId, failing));
    expect(kept).toMatchObject({
      problem: 'set-aside',
      detail: { attempts: 3, lastError: 'getFlow: HTTP 500', firstFailedAt: expect.any(String) },
    });
    const lines: string[] = [];
    const code = await ADMIN_COMMANDS['pa-problems list']!.execute(
      gateway.database.db,
      {},
      { log: (line) => lines.push(line), error: () => {} },
    );
    expect(code).toBe(0);
    expect(lines.find((line) => line.includes(failing))).toMatch(
      new RegExp(`^\\S+\\tset-aside\\t${failing}\\t${connection}\\t\\{"attempts":3`),
    );
    // The flow is not fetched again.
    const gets = fake.gets.length;
    await poller.pollNow();
    expect(fake.gets).toHaveLength(gets);
  });

  it('a flow that fails and then succeeds is recorded and its count dropped', async () => {
    const doc = await sentInvoice(gateway, tenant);
    let failures = 2;
    const body = cdarFor(doc, 200);
    const flaky = fake.serve((res) =>
      failures-- > 0 ? res.writeHead(503).end() : res.writeHead(200, { 'content-type': 'application/xml' }).end(body),
    );
    await poller.pollNow();
    await pause(350);
    await poller.pollNow();
    expect((await retries(flaky))?.attempts).toBe(2);
    await poller.pollNow();
    expect(await codes(doc.id)).toEqual([200]);
    expect(await retries(flaky)).toBeUndefined();
  });

  it('refused credentials (403 on every getFlow) set nothing aside', async () => {
    const doc = await sentInvoice(gateway, tenant);
    const refused = fake.serve((res) => res.writeHead(403, { 'content-type': 'application/json' }).end('{"errorCode":"FORBIDDEN"}'));
    fake.serve(cdarFor(doc, 200));
    for (let i = 0; i < 4; i++) {
      await poller.pollNow();
      await pause(120);
    }
    expect(await codes(doc.id)).toEqual([]);
    expect(await retries(refused)).toBeUndefined();
    const kept = await gateway.database.db.select().from(platformInboundProblems).where(eq(platformInboundProblems.connection, connection));
    expect(kept).toEqual([]);
  });
});
