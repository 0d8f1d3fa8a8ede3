/**
 * Our credentials against a PA that echoes or hands out bad ones (issue 26, items 6 and 7), on each engine: a
 * malformed access token (CR/LF, spaces) is the token endpoint's failure, never cached, sent or logged, and the
 * poller keeps running; a PA whose refusals and documents echo the client secret, its Basic form and the token
 * has them redacted from the problems and statuses stored and from the logs.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { platformInboundProblems } from '../../src/db/schema.ts';
import { createLogger } from '../../src/lib/logger.ts';
import type { StatusPoller } from '../../src/platform/inbound/status-poller.ts';
import type { Client } from '../support/client.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { cdarFor, type InboundFake, sentInvoice } from '../support/hostile-inbound-pa.ts';
import { hostilePoller } from '../support/hostile-poller.ts';

const SECRET = 'hostile-secret-0123456789';
const BASIC = Buffer.from(`gw:${SECRET}`).toString('base64');

describe.each(engines())('PA credentials against a hostile PA (%s)', (engine) => {
  let fake: InboundFake, gateway: Gateway, tenant: Client, poller: StatusPoller, connection: string;
  let lines: string[];
  beforeEach(() => {
    lines = [];
  });
  const log = () => createLogger('debug', { write: (line: string) => void lines.push(line) });
  hostilePoller(engine, { prefix: 'credentials', log }, (rig) => ({ fake, gateway, tenant, poller, connection } = rig));

  const problems = async () =>
    Object.fromEntries(
      (await gateway.database.db.select().from(platformInboundProblems).where(eq(platformInboundProblems.connection, connection))).map(
        (row) => [row.flowId, row],
      ),
    );

  it('a token with CR/LF is refused as the endpoint failing: no throw, not cached, never sent nor logged', async () => {
    let served = 0;
    fake.token = (res) => {
      served++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: 'evil\r\nX-Injected: 1', token_type: 'Bearer', expires_in: 3600 }));
    };
    const client = fake.client();
    const first = await client.searchFlows({ flowDirection: ['In'] });
    expect(first).toMatchObject({ ok: false, kind: 'retryable', error: expect.stringContaining('not an RFC 6750 b64token') });
    expect(await client.getFlow(randomUUID(), 'Original')).toMatchObject({ ok: false, kind: 'retryable' });
    expect(served).toBe(2);
    await poller.pollNow();
    await poller.pollNow();
    expect(fake.limits).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/evil|X-Injected/);
    expect(lines.some((line) => line.includes('b64token'))).toBe(true);
    // A good token afterwards: the connection heals by itself.
    fake.token = null;
    expect(await client.searchFlows({ flowDirection: ['In'] })).toMatchObject({ ok: true });
  });

  it('a token with spaces or over 16 KiB is refused alike', async () => {
    for (const access_token of ['two words', 'a'.repeat(16 * 1024 + 1)]) {
      fake.token = (res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token, expires_in: 60 }));
      expect(await fake.client().searchFlows({ flowDirection: ['In'] })).toMatchObject({ ok: false, kind: 'retryable' });
    }
  });

  it('redacts the secret, its Basic form and the tokens a PA echoes in refusals and in status documents', async () => {
    const doc = await sentInvoice(gateway, tenant);
    const echo = (authorization: string) => `we got ${authorization}, basic ${BASIC}, secret ${SECRET}`;
    const refused = fake.serve((res) => {
      const authorization = fake.authorizations.at(-1) ?? '';
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errorCode: 'MISSING_RESOURCE', errorMessage: `${echo(authorization)} ${'y'.repeat(5000)}` }));
    });
    fake.serve((res) => {
      const authorization = fake.authorizations.at(-1) ?? '';
      const xml = cdarFor(doc, 200).replace(
        '<ram:ProcessCondition>',
        `<ram:SpecifiedDocumentStatus><ram:ReasonCode>OTH</ram:ReasonCode><ram:Reason>${echo(authorization)}</ram:Reason></ram:SpecifiedDocumentStatus><ram:ProcessCondition>`,
      );
      res.writeHead(200, { 'content-type': 'application/xml' }).end(xml);
    });
    await poller.pollNow();
    const token = fake.authorizations.find((value) => value.startsWith('Bearer '))!.slice('Bearer '.length);
    const kept = (await problems())[refused];
    const stored = JSON.stringify(kept?.detail);
    for (const credential of [SECRET, BASIC, token]) expect(stored).not.toContain(credential);
    expect(kept).toMatchObject({
      problem: 'fetch-refused',
      detail: { errorMessage: expect.stringMatching(/^we got Bearer \[redacted\], basic \[redacted\], secret \[redacted\] y+…$/) },
    });
    expect((kept!.detail as { errorMessage: string }).errorMessage.length).toBeLessThanOrEqual(500);
    const statuses = (await tenant.get(`/v1/invoices/${doc.id}/statuses`)).body.data;
    expect(statuses).toHaveLength(1);
    expect(statuses[0].reason).toBe('we got Bearer [redacted], basic [redacted], secret [redacted]');
    const logged = lines.join('\n');
    for (const credential of [SECRET, BASIC, token]) expect(logged).not.toContain(credential);
  });
});
