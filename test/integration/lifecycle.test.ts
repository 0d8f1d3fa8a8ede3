/**
 * Lifecycle statuses from the platform: POST /pa/v1/lifecycle-events and the
 * recordLifecycleStatus mutation, ordering, flags, idempotent event ids, the
 * 213 rejection, and the simulated platform's scripts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { recordedStatus } from '../support/openapi-requests.ts';
import { processed } from '../support/pipeline.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import { ManualScheduler } from '../support/scheduler.ts';
import { simulatedPlatform } from '../support/simulated-platform.ts';

describe.each(engines())('lifecycle statuses on %s', (engine) => {
  let gateway: Gateway;
  let platform: Client;
  const scheduler = new ManualScheduler();
  beforeAll(async () => {
    gateway = await startGateway(engine, { platform: simulatedPlatform({ scheduler, stepDelayMs: 0 }), pipeline: true });
    platform = await gateway.platform();
  });
  afterAll(() => gateway?.stop());

  /** A fresh tenant and one of its invoices; the simulated platform's script is discarded. */
  async function submitted(number?: string) {
    const client = await gateway.tenant();
    const body = invoice().unique().build();
    const reply = await client.post('/v1/invoices', number ? { ...body, number } : body);
    expect(reply.status).toBe(202);
    return { client, id: reply.body.submission_id as string };
  }

  const event = (submissionId: string, overrides: Record<string, unknown> = {}) => ({
    submission_id: submissionId,
    code: 200,
    occurred_at: '2026-03-01T10:00:00+01:00',
    event_id: randomUUID(),
    ...overrides,
  });

  const history = async (client: Client, id: string) => (await client.get(`/v1/invoices/${id}/statuses`)).body.data;

  it('records a status (201), and the same event_id again records nothing (200)', async () => {
    const { client, id } = await submitted();
    const body = event(id, { code: 202, reason_code: 'R1' });
    const first = await platform.post('/pa/v1/lifecycle-events', body);
    expect(first.status).toBe(201);
    expect(first.body).toEqual(
      recordedStatus(id, { code: 202, label: 'Reçue', final: false, occurred_at: '2026-03-01T09:00:00.000Z', reason_code: 'R1' }),
    );
    const again = await platform.post('/pa/v1/lifecycle-events', body);
    expect(again.status).toBe(200);
    expect(again.body.duplicate).toBe(true);
    expect(await history(client, id)).toHaveLength(1);
  });

  it('lists submissions with the latest status of each (GraphQL submissions page)', async () => {
    const { client, id } = await submitted();
    const quiet = await client.post('/v1/invoices', invoice().unique().build());
    expect(quiet.status).toBe(202);
    for (const [code, at] of [
      [202, '2026-03-01T11:00:00Z'],
      [200, '2026-03-01T10:00:00Z'],
    ] as const) {
      expect((await platform.post('/pa/v1/lifecycle-events', event(id, { code, occurred_at: at }))).status).toBe(201);
    }
    const reply = await client.graphql('{ submissions { edges { node { id lifecycleStatus { code occurredAt } } } } }');
    const latest = Object.fromEntries(
      reply.body.data.submissions.edges.map((edge: { node: { id: string; lifecycleStatus: unknown } }) => [
        edge.node.id,
        edge.node.lifecycleStatus,
      ]),
    );
    expect(latest).toEqual({
      [id]: { code: 202, occurredAt: '2026-03-01T11:00:00.000Z' },
      [quiet.body.submission_id]: null,
    });
  });

  it('accepts the lower-case t and z that RFC 3339 allows', async () => {
    const { client, id } = await submitted();
    expect((await platform.post('/pa/v1/lifecycle-events', event(id, { occurred_at: '2026-03-01t10:00:00.5z' }))).status).toBe(201);
    expect((await history(client, id))[0].occurred_at).toBe('2026-03-01T10:00:00.500Z');
  });

  it('orders the history by occurred_at, ties by arrival, whatever the arrival order', async () => {
    const { client, id } = await submitted();
    for (const [code, at] of [
      [204, '2026-03-01T12:00:00Z'],
      [200, '2026-03-01T10:00:00Z'],
      [203, '2026-03-01T11:00:00Z'],
      [202, '2026-03-01T11:00:00Z'],
    ] as const) {
      expect((await platform.post('/pa/v1/lifecycle-events', event(id, { code, occurred_at: at }))).status).toBe(201);
    }
    expect((await history(client, id)).map((entry: { code: number }) => entry.code)).toEqual([200, 203, 202, 204]);
    expect((await client.get(`/v1/invoices/${id}`)).body.lifecycle_status.code).toBe(204);
  });

  it('keeps and flags a status that arrives after a final one, a refusal without reason, and 214', async () => {
    const { client, id } = await submitted();
    await platform.post('/pa/v1/lifecycle-events', event(id, { code: 210, occurred_at: '2026-03-02T10:00:00Z' }));
    await platform.post('/pa/v1/lifecycle-events', event(id, { code: 205, occurred_at: '2026-03-01T10:00:00Z' }));
    await platform.post('/pa/v1/lifecycle-events', event(id, { code: 214, occurred_at: '2026-03-03T10:00:00Z' }));
    expect(await history(client, id)).toEqual([
      { code: 205, label: 'Approuvée', final: false, occurred_at: '2026-03-01T10:00:00.000Z', flags: ['AFTER_FINAL_STATUS'] },
      { code: 210, label: 'Refusée', final: true, occurred_at: '2026-03-02T10:00:00.000Z', flags: ['REASON_MISSING'] },
      { code: 214, label: 'Visée', final: false, occurred_at: '2026-03-03T10:00:00.000Z', flags: ['AFTER_FINAL_STATUS', 'TO_BE_VERIFIED'] },
    ]);
  });

  it('moves the submission to processing_state rejected on 213 Rejetée, saying why', async () => {
    const { client, id } = await submitted();
    await platform.post('/pa/v1/lifecycle-events', event(id, { code: 213, reason: 'Format invalide', reason_code: 'REJ_SEMAN' }));
    expect((await client.get(`/v1/invoices/${id}`)).body).toMatchObject({
      processing_state: 'rejected',
      lifecycle_status: { code: 213, label: 'Rejetée', reason: 'Format invalide' },
      rejection: { source: 'platform', errors: [{ rule: 'REJ_SEMAN', message: 'Format invalide' }] },
    });
    // A later rejecting status changes neither the state nor the reason already given.
    await platform.post('/pa/v1/lifecycle-events', event(id, { code: 501, reason: 'Autre', occurred_at: '2026-03-02T10:00:00Z' }));
    expect((await client.get(`/v1/invoices/${id}`)).body.rejection).toEqual({
      source: 'platform',
      errors: [{ rule: 'REJ_SEMAN', message: 'Format invalide' }],
    });
  });

  it('fills the rejection of a 501 Irrecevable given without reason from its code', async () => {
    const { client, id } = await submitted();
    await platform.post('/pa/v1/lifecycle-events', event(id, { code: 501 }));
    const { body } = await client.get(`/v1/invoices/${id}`);
    expect(body.processing_state).toBe('rejected');
    expect(body.rejection).toMatchObject({ source: 'platform', errors: [{ rule: 'CDV-501', message: expect.stringContaining('501') }] });
  });

  describe('refusals', () => {
    it.each([
      ['a code below 200', { code: 199 }, '/code', 'GW-LIFECYCLE-CODE'],
      ['a code above 214', { code: 215 }, '/code', 'GW-LIFECYCLE-CODE'],
      ['a malformed date', { occurred_at: '2026-02-30T10:00:00Z' }, '/occurred_at', 'GW-DATE-TIME'],
      ['a date without offset', { occurred_at: '2026-03-01T10:00:00' }, '/occurred_at', 'GW-DATE-TIME'],
      ['a time without seconds', { occurred_at: '2026-03-01T10:00Z' }, '/occurred_at', 'GW-DATE-TIME'],
      ['a date past year 9999 in UTC', { occurred_at: '9999-12-31T23:59:59-14:00' }, '/occurred_at', 'GW-DATE-TIME'],
      ['an unknown submission', { submission_id: '01a20000-0000-7000-8000-000000000000' }, '/submission_id', 'GW-SUBMISSION-UNKNOWN'],
      ['a blank event id', { event_id: ' ' }, '/event_id', 'GW-EVENT-ID'],
      // PostgreSQL text cannot hold U+0000; an unpaired surrogate has no UTF-8 form.
      ['U+0000 in the event id', { event_id: 'evt-\u0000' }, '/event_id', 'GW-EVENT-ID'],
      ['U+0000 in the reason', { reason: 'r\u0000' }, '/reason', 'GW-LIFECYCLE-TEXT'],
      ['an unpaired surrogate in the reason code', { reason_code: 'c\udc00' }, '/reason_code', 'GW-LIFECYCLE-TEXT'],
    ])('answers 422 for %s', async (_name, overrides, path, rule) => {
      const { id } = await submitted();
      const reply = await platform.post('/pa/v1/lifecycle-events', event(id, overrides));
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toEqual([{ path, rule, message: expect.any(String) }]);
    });

    it('answers 422 for an event_id already used for another submission', async () => {
      const [a, b] = [await submitted(), await submitted()];
      const eventId = randomUUID();
      expect((await platform.post('/pa/v1/lifecycle-events', event(a.id, { event_id: eventId }))).status).toBe(201);
      const reply = await platform.post('/pa/v1/lifecycle-events', event(b.id, { event_id: eventId }));
      expect(reply.status).toBe(422);
      expect(reply.body.errors[0]).toMatchObject({ path: '/event_id', rule: 'GW-EVENT-ID-REUSED' });
    });

    it('answers 400 for a code that is not a JSON integer, naming it', async () => {
      const { id } = await submitted();
      const reply = await platform.post('/pa/v1/lifecycle-events', event(id, { code: '200' }));
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toMatch(/\/code/);
    });

    it('answers 403 to a tenant token and 401 without a token, and writes nothing', async () => {
      const { client, id } = await submitted();
      const asTenant = await client.post('/pa/v1/lifecycle-events', event(id));
      expect(asTenant.status).toBe(403);
      expect(asTenant.body.type).toBe('urn:einvoicing:problem:forbidden');
      expect((await gateway.anonymous().post('/pa/v1/lifecycle-events', event(id))).status).toBe(401);
      expect(await history(client, id)).toEqual([]);
    });

    it('refuses the platform token on tenant endpoints with 403', async () => {
      const { id } = await submitted();
      expect((await platform.get(`/v1/invoices/${id}`)).status).toBe(403);
      expect((await platform.post('/v1/invoices', invoice().unique().build())).status).toBe(403);
    });

    it('refuses recordLifecycleStatus over GraphQL to a tenant', async () => {
      const { client, id } = await submitted();
      const reply = await client.graphql(
        'mutation ($input: LifecycleEventInput!) { recordLifecycleStatus(input: $input) { __typename } }',
        { input: { submissionId: id, code: 200, occurredAt: '2026-03-01T10:00:00Z', eventId: randomUUID() } },
      );
      expect(reply.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(await history(client, id)).toEqual([]);
    });
  });

  describe('the simulated platform', () => {
    it.each([
      ['the accepted path', undefined, [200, 202, 203, 204, 205, 211, 212], 'validated'],
      ['the refusal path (SIM-REFUSE)', `INV-SIM-REFUSE-${randomUUID().slice(0, 18)}`, [200, 202, 203, 204, 210], 'validated'],
      ['the rejection path (SIM-REJECT)', `INV-SIM-REJECT-${randomUUID().slice(0, 18)}`, [200, 213], 'rejected'],
    ])('plays %s through the inbound path', async (_name, number, codes, state) => {
      await scheduler.runAll(); // scripts of earlier tests
      const { client, id } = await submitted(number);
      // The platform takes the document once the pipeline has validated it.
      expect(await processed(client, `/v1/invoices/${id}`)).toMatchObject({ processing_state: 'validated' });
      await scheduler.runAll();
      const entries = await history(client, id);
      expect(entries.map((entry: { code: number }) => entry.code)).toEqual(codes);
      const last = entries.at(-1);
      if (last.code === 210 || last.code === 213) expect(last.reason).toMatch(/simulé/);
      const record = (await client.get(`/v1/invoices/${id}`)).body;
      expect(record.lifecycle_status.code).toBe(codes.at(-1));
      expect(record.processing_state).toBe(state);
    });
  });
});
