/**
 * Subscriptions through the real transports (graphql-ws over WebSocket, and
 * Server-Sent Events): the simulated platform's scripts in order, tenant
 * isolation, authentication, message limits and keep-alive, events only after
 * commit, and idempotent platform event ids.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Client } from '../support/client.ts';
import { creditNote, invoice } from '../support/documents.ts';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { processed } from '../support/pipeline.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import { ManualScheduler } from '../support/scheduler.ts';
import { simulatedPlatform } from '../support/simulated-platform.ts';
import { eventOf, eventsOf, liveByStatuses, liveBySubmissions, PROBE, sseSubscribe, summary, wsConnect } from '../support/subscribers.ts';
import { SUBMISSION_EVENTS as EVENTS, SUBMISSION_UPDATED as UPDATED, type Collector, type WsOptions } from '../support/subscribers.ts';

/** The accepted script as the spec labels it. */
const ACCEPTED = ['200 Déposée', '202 Reçue', '203 Mise à disposition', '204 Prise en charge', '205 Approuvée'].concat([
  '211 Paiement transmis',
  '212 Encaissée',
]);
const UNKNOWN_TOKEN = 'pas_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe.each(engines())('subscriptions on %s', (engine) => {
  let gateway: Gateway;
  let platform: Client;
  let platformToken: string;
  const scheduler = new ManualScheduler();
  const open: Array<{ close(): unknown }> = [];
  beforeAll(async () => {
    gateway = await startGateway(engine, { platform: simulatedPlatform({ scheduler, stepDelayMs: 0 }) });
    const credential = await gateway.platform(`test-pa-${randomUUID()}`);
    platform = credential;
    platformToken = credential.token;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const connection of open.splice(0)) await connection.close();
  });
  afterAll(() => gateway?.stop());

  const closing = <C extends { close(): unknown }>(connection: C): C => {
    open.push(connection);
    return connection;
  };
  const ws = (options: WsOptions) => closing(wsConnect(gateway.url, options));
  const sse = (query: string, variables: object, token?: string) =>
    closing(sseSubscribe(gateway.url, query, { ...variables }, token && `Bearer ${token}`));

  async function submit(client: Client, body: object = invoice().unique().build(), path = '/v1/invoices'): Promise<string> {
    const reply = await client.post(path, body);
    expect(reply.status).toBe(202);
    return reply.body.submission_id;
  }

  /** A tenant with the demo seller profile: its documents go through the pipeline to the simulated platform. */
  async function sellingTenant() {
    const tenant = await gateway.tenant();
    expect((await tenant.request('PUT', '/v1/seller-profile', DEMO_SELLER_PROFILE)).status).toBe(200);
    return tenant;
  }

  /** Submits and waits until the pipeline has validated the document (the platform takes it from there). */
  async function submitValidated(client: Client, body?: object): Promise<string> {
    const id = await submit(client, body);
    expect(await processed(client, `/v1/invoices/${id}`)).toMatchObject({ processing_state: 'validated' });
    return id;
  }

  const lifecycleEvent = (submissionId: string, code: number, extra: object = {}) => {
    const event = { submission_id: submissionId, code, occurred_at: new Date().toISOString(), event_id: randomUUID(), ...extra };
    return platform.post('/pa/v1/lifecycle-events', event);
  };

  /** Proves a `submissionUpdated(id)` subscription live with 201 statuses flagged by reason code PROBE. */
  const liveOnSubmission = (subscription: Collector, id: string) =>
    liveByStatuses(subscription, async () => {
      expect((await lifecycleEvent(id, 201, { occurred_at: '2000-01-01T00:00:00Z', reason_code: PROBE })).status).toBe(201);
    });

  /** Plays the simulated platform until `subscription` holds `n` events of `id` (hand-overs schedule asynchronously). */
  async function playUntil(subscription: Collector, id: string, n: number): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    while (eventsOf(subscription, id).length < n && Date.now() < deadline) await scheduler.runAll();
    await scheduler.runAll(); // anything extra would show now
    return eventsOf(subscription, id).map(summary);
  }

  describe('graphql-ws', () => {
    it('submissionUpdated receives every status of the script, in order, with its label', async () => {
      const tenant = await sellingTenant();
      const id = await submitValidated(tenant);
      const subscription = ws({ token: tenant.token }).subscribe(UPDATED, { id });
      await liveOnSubmission(subscription, id);
      expect(await playUntil(subscription, id, 7)).toEqual(ACCEPTED);
      const ids = eventsOf(subscription, id).map((event) => Number(event.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(eventsOf(subscription, id).at(-1)!.submission.processingState).toBe('VALIDATED');
    });

    it('submissionEvents receives RECEIVED, VALIDATED, then the statuses', async () => {
      const tenant = await sellingTenant();
      const subscription = ws({ token: tenant.token }).subscribe(EVENTS, {});
      await liveBySubmissions(subscription, () => submit(tenant));
      const id = await submit(tenant);
      expect(await playUntil(subscription, id, 9)).toEqual(['RECEIVED RECEIVED', 'PROCESSING_STATE_CHANGED VALIDATED', ...ACCEPTED]);
    });

    it('the SIM-REJECT path ends with PROCESSING_STATE_CHANGED to REJECTED', async () => {
      const tenant = await sellingTenant();
      const id = await submitValidated(
        tenant,
        invoice()
          .unique()
          .with('number', `INV-SIM-REJECT-${randomUUID().slice(0, 18)}`)
          .build(),
      );
      const subscription = ws({ token: tenant.token }).subscribe(UPDATED, { id });
      await liveOnSubmission(subscription, id);
      expect(await playUntil(subscription, id, 3)).toEqual(['200 Déposée', '213 Rejetée', 'PROCESSING_STATE_CHANGED REJECTED']);
      const events = eventsOf(subscription, id);
      expect(events.find((event) => event.lifecycleStatus?.code === 213)?.lifecycleStatus?.reason).toMatch(/simulé/);
      expect(events.find((event) => event.type === 'PROCESSING_STATE_CHANGED')?.submission.processingState).toBe('REJECTED');
    });

    it('submissionEvents(documentType: CREDIT_NOTE) receives no invoice event', async () => {
      const tenant = await sellingTenant();
      const origin = invoice().unique().build();
      await submit(tenant, origin);
      const connection = ws({ token: tenant.token });
      const creditNotes = connection.subscribe(EVENTS, { documentType: 'CREDIT_NOTE' });
      const everything = connection.subscribe(EVENTS, {});
      const submitCreditNote = () => submit(tenant, creditNote().unique().refunding(origin.id).build(), '/v1/credit-notes');
      await liveBySubmissions(creditNotes, submitCreditNote);
      await liveBySubmissions(everything, submitCreditNote);
      const invoiceId = await submit(tenant);
      expect(await playUntil(everything, invoiceId, 9)).toEqual(['RECEIVED RECEIVED', 'PROCESSING_STATE_CHANGED VALIDATED', ...ACCEPTED]);
      const last = await submitCreditNote(); // published after every event of the invoice
      await creditNotes.waitUntil((payload) => eventOf(payload)?.submission.id === last);
      const types = creditNotes.payloads.map((payload) => eventOf(payload)!.submission.documentType);
      expect(types.length).toBeGreaterThan(1);
      expect(types).toEqual(types.map(() => 'CREDIT_NOTE'));
    });
  });

  describe('Server-Sent Events', () => {
    it('submissionUpdated receives every status of the script, in order', async () => {
      const tenant = await sellingTenant();
      const id = await submitValidated(tenant);
      const subscription = sse(UPDATED, { id }, tenant.token);
      expect((await subscription.response).headers.get('content-type')).toMatch(/^text\/event-stream/);
      await liveOnSubmission(subscription, id);
      expect(await playUntil(subscription, id, 7)).toEqual(ACCEPTED);
    });

    it('answers 401 without a token or with an unknown one', async () => {
      for (const token of [undefined, UNKNOWN_TOKEN]) {
        const reply = await sse(EVENTS, {}, token).response;
        expect(reply.status).toBe(401);
        expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer /);
      }
    });
  });

  describe('tenant isolation', () => {
    it("another tenant's submission id gets exactly the answer of an unknown id, over both transports", async () => {
      const [owner, other] = [await gateway.tenant(), await gateway.tenant()];
      const theirs = await submit(owner);
      const answers = async (id: string) => {
        const overWs = ws({ token: other.token }).subscribe(UPDATED, { id });
        const overSse = sse(UPDATED, { id }, other.token);
        await Promise.all([overWs.waitForEnd(), overSse.waitForEnd()]);
        const status = (await overSse.response).status;
        const answer = { ws: overWs.payloads, error: String(overWs.error), sse: overSse.payloads, status };
        return JSON.stringify(answer).replaceAll(id, '<id>');
      };
      const unknown = await answers(randomUUID());
      expect(JSON.parse(unknown).ws).toEqual([{ errors: [expect.objectContaining({ extensions: { code: 'NOT_FOUND' } })] }]);
      expect(await answers(theirs)).toBe(unknown);
      expect(await answers('not-a-uuid')).toBe(unknown);
    });

    it("submissionEvents of tenant B receives none of tenant A's events", async () => {
      const [a, b] = [await gateway.tenant(), await gateway.tenant()];
      const subscription = ws({ token: b.token }).subscribe(EVENTS, {});
      const probes = await liveBySubmissions(subscription, () => submit(b));
      const theirs = await submit(a);
      expect((await lifecycleEvent(theirs, 202)).status).toBe(201);
      const own = await submit(b);
      await subscription.waitUntil((payload) => eventOf(payload)?.submission.id === own);
      const seen = subscription.payloads.map((payload) => eventOf(payload)!.submission.id);
      // Its own document may be seen twice (received, then validated by the pipeline): never tenant A's.
      expect([...new Set(seen.filter((id) => !probes.has(id)))]).toEqual([own]);
    });
  });

  describe('WebSocket authentication', () => {
    const closeCode = async (options: WsOptions) => {
      const connection = ws(options);
      const subscription = connection.subscribe(EVENTS, {});
      const { code } = await connection.closed;
      await subscription.waitForEnd();
      expect(subscription.payloads).toEqual([]);
      return code;
    };

    it('closes with 4401 without a token, or with a malformed or unknown one, before any operation', async () => {
      expect(await closeCode({})).toBe(4401);
      expect(await closeCode({ connectionParams: { authorization: 'Basic dXNlcjpwYXNz' } })).toBe(4401);
      expect(await closeCode({ token: 'not-a-token' })).toBe(4401);
      expect(await closeCode({ token: UNKNOWN_TOKEN })).toBe(4401);
    });

    it('closes with 4403 for the platform credential', async () => {
      expect(await closeCode({ token: platformToken })).toBe(4403);
    });

    it("accepts the token in the upgrade request's Authorization header", async () => {
      const tenant = await gateway.tenant();
      const subscription = ws({ headers: { authorization: `Bearer ${tenant.token}` } }).subscribe(EVENTS, {});
      await liveBySubmissions(subscription, () => submit(tenant));
    });
  });

  describe('WebSocket limits', () => {
    async function connected(token: string): Promise<WebSocket> {
      const socket = new WebSocket(`${gateway.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
      open.push({ close: () => socket.terminate() });
      await once(socket, 'open');
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
      const [ack] = await once(socket, 'message');
      expect(JSON.parse(String(ack))).toMatchObject({ type: 'connection_ack' });
      return socket;
    }

    it('runs a message of exactly 1 MiB, and closes the socket with 1009 on a larger one', async () => {
      // The gateway logs the oversized message through its logger, not on the console.
      const consoleError = vi.spyOn(console, 'error');
      const socket = await connected((await gateway.tenant()).token);
      const message = (size: number) => {
        const base = JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ __typename }' } });
        return base.replace('{ __typename }', `{ __typename }${' '.repeat(size - base.length)}`);
      };
      socket.send(message(1024 * 1024));
      const [reply] = await once(socket, 'message');
      expect(JSON.parse(String(reply))).toEqual({ id: '1', type: 'next', payload: { data: { __typename: 'Query' } } });
      const closed = once(socket, 'close');
      socket.send(message(1024 * 1024 + 1));
      expect((await closed)[0]).toBe(1009);
      expect(consoleError).not.toHaveBeenCalled();
      consoleError.mockRestore();
    });

    it('pings an idle connection every 12 s (WebSocket ping frames; the interval is faked)', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        // The server starts its keep-alive interval when it accepts the socket, before our `open`.
        const socket = await connected((await gateway.tenant()).token);
        let pings = 0;
        socket.on('ping', () => pings++);
        vi.advanceTimersByTime(11_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(pings).toBe(0);
        vi.advanceTimersByTime(1_000);
        await vi.waitFor(() => expect(pings).toBe(1), { timeout: 2000 });
        expect(socket.readyState).toBe(WebSocket.OPEN); // our automatic pong kept it open
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe('events', () => {
    it('are published only after commit: refused submissions emit nothing', async () => {
      const tenant = await gateway.tenant();
      const subscription = ws({ token: tenant.token }).subscribe(EVENTS, {});
      const bodies: object[] = [];
      const probe = () => submit(tenant, bodies[bodies.push(invoice().unique().build()) - 1]);
      const probes = await liveBySubmissions(subscription, probe);
      expect((await tenant.post('/v1/invoices', invoice().unique().withCurrency('DKK').build())).status).toBe(422);
      expect((await tenant.post('/v1/invoices', bodies[0])).status).toBe(409); // a duplicate: refused inside the transaction
      const id = await submit(tenant);
      await subscription.waitUntil((payload) => eventOf(payload)?.submission.id === id);
      const rest = subscription.payloads.map((payload) => eventOf(payload)!).filter((e) => !probes.has(e.submission.id));
      expect(rest.map((event) => [event.submission.id, summary(event)])).toEqual([[id, 'RECEIVED RECEIVED']]);
    });

    // Thirty concurrent transactions of two events each: pooled NOTIFYs used to reorder them.
    it('arrive in commit order: a 213 before the REJECTED state change of its transaction', async () => {
      const tenant = await gateway.tenant();
      const subscription = ws({ token: tenant.token }).subscribe(EVENTS, {});
      await liveBySubmissions(subscription, () => submit(tenant));
      const ids = await Promise.all(Array.from({ length: 30 }, () => submit(tenant)));
      await Promise.all(ids.map(async (id) => expect((await lifecycleEvent(id, 213, { reason: 'Non conforme' })).status).toBe(201)));
      // The pipeline may validate a document before its 213 arrives: that transaction is not the one under test.
      const observed = (id: string) =>
        eventsOf(subscription, id)
          .map(summary)
          .filter((s) => s !== 'PROCESSING_STATE_CHANGED VALIDATED');
      await vi.waitFor(() => expect(ids.filter((id) => observed(id).length < 3)).toEqual([]), { timeout: 15_000 });
      const expected = ['RECEIVED RECEIVED', '213 Rejetée', 'PROCESSING_STATE_CHANGED REJECTED'];
      expect(ids.map(observed)).toEqual(ids.map(() => expected));
    });

    it('one per platform event_id: the same lifecycle event posted twice notifies once', async () => {
      const tenant = await gateway.tenant();
      const id = await submit(tenant);
      const subscription = ws({ token: tenant.token }).subscribe(UPDATED, { id });
      await liveOnSubmission(subscription, id);
      const eventId = randomUUID();
      expect((await lifecycleEvent(id, 202, { event_id: eventId })).status).toBe(201);
      expect((await lifecycleEvent(id, 202, { event_id: eventId })).status).toBe(200);
      expect((await lifecycleEvent(id, 203)).status).toBe(201);
      await subscription.waitUntil((payload) => eventOf(payload)?.lifecycleStatus?.code === 203);
      const statuses = eventsOf(subscription, id)
        .map(summary)
        .filter((s) => s !== 'PROCESSING_STATE_CHANGED VALIDATED');
      expect(statuses).toEqual(['202 Reçue', '203 Mise à disposition']);
    });
  });
});
