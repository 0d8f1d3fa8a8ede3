/**
 * Per-token caps on real-time resources (issue "nobody can take the gateway
 * down", item 5): WebSocket connections beyond the cap are closed with 4429,
 * subscriptions beyond it (WebSocket and server-sent events together) get a
 * TOO_MANY_SUBSCRIPTIONS error, and a place comes back when one ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../support/gateway.ts';
import { SUBMISSION_EVENTS, sseSubscribe, wsConnect, type WsConnection } from '../support/subscribers.ts';

describe('subscription caps per token', () => {
  let gateway: Gateway;
  const open: WsConnection[] = [];
  beforeAll(async () => {
    gateway = await startGateway('pglite', { realtime: { connectionsPerToken: 2, subscriptionsPerToken: 3 } });
  });
  afterAll(async () => {
    await Promise.all(open.map((connection) => connection.close()));
    await gateway?.stop();
  });

  const connect = (token: string) => {
    const connection = wsConnect(gateway.url, { token, lazy: false });
    open.push(connection);
    return connection;
  };

  it('closes a connection over the cap with 4429, and counts tokens apart', async () => {
    const tenant = await gateway.tenant();
    const first = connect(tenant.token);
    const second = connect(tenant.token);
    const live = [first.subscribe(SUBMISSION_EVENTS), second.subscribe(SUBMISSION_EVENTS)];
    const third = connect(tenant.token);
    expect(await third.closed).toMatchObject({ code: 4429 });
    const other = await gateway.tenant();
    const theirs = connect(other.token).subscribe(SUBMISSION_EVENTS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect({
      theirs: theirs.ended,
      live: live.map((subscription) => subscription.ended),
      error: String(theirs.error ?? live[0]!.error ?? ''),
    }).toEqual({ theirs: false, live: [false, false], error: '' });
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = connect(tenant.token).subscribe(SUBMISSION_EVENTS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect({ ended: again.ended, error: String(again.error ?? '') }).toEqual({ ended: false, error: '' });
  });

  it('refuses a subscription over the cap, over WebSocket and SSE alike, until one ends', async () => {
    const tenant = await gateway.tenant();
    const connection = connect(tenant.token);
    const running = [1, 2, 3].map(() => connection.subscribe(SUBMISSION_EVENTS));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = connection.subscribe(SUBMISSION_EVENTS);
    await refused.waitForEnd();
    expect(refused.payloads[0]?.errors?.[0]).toMatchObject({ extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } });
    const sse = sseSubscribe(gateway.url, SUBMISSION_EVENTS, undefined, tenant.authorization);
    expect((await sse.response).status).toBe(429);
    running[0]!.unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = connection.subscribe(SUBMISSION_EVENTS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(next.ended).toBe(false);
  });
});
