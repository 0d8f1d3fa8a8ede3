/**
 * The CDV codes beyond 214 through the inbound path (POST /pa/v1/lifecycle-events) and GraphQL, on each engine:
 * every code of the list is recorded with its label and finality, 501 moves the submission to rejected as 213
 * does (220 does not), and a stored code outside the list still serialises everywhere.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lifecycleStatuses } from '../../src/db/schema.ts';
import { LIFECYCLE_CODE_LIST, LIFECYCLE_CODES } from '../../src/domain/lifecycle/codes.ts';
import type { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';
import { assertConformsToOpenApi, INVOICE, LIFECYCLE_EVENTS, STATUSES as STATUS_HISTORY } from '../support/openapi.ts';

const STATUSES = `query ($id: ID!) { invoice(id: $id) { processingState
  lifecycleStatus { code status label platformLabel final }
  statuses { code status label platformLabel final flags } } }`;

describe.each(engines())('lifecycle codes beyond 214 on %s', (engine) => {
  let gateway: Gateway, platform: Client, client: Client;
  suiteGateway(engine, (started) => ({ gateway, platform, tenant: client } = started), { clients: ['platform', 'tenant'] });

  async function submitted(): Promise<string> {
    const reply = await client.post('/v1/invoices', invoice().unique().build());
    expect(reply.status).toBe(202);
    return reply.body.submission_id as string;
  }

  const event = (submissionId: string, code: number, overrides: Record<string, unknown> = {}) => ({
    submission_id: submissionId,
    code,
    occurred_at: '2026-03-01T10:00:00Z',
    event_id: randomUUID(),
    ...overrides,
  });

  it.each(LIFECYCLE_CODES.filter((entry) => entry.code > 214).map((entry) => [entry.code, entry] as const))(
    'records %i with its label and finality',
    async (code, entry) => {
      const id = await submitted();
      const reply = await platform.post(LIFECYCLE_EVENTS, event(id, code, { reason: 'motif', reason_code: 'AUTRE' }));
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ submission_id: id, code, label: entry.label, final: entry.final, duplicate: false });
      assertConformsToOpenApi(reply, 'post', LIFECYCLE_EVENTS);
      const graphql = await client.graphql(STATUSES, { id });
      expect(graphql.body.data.invoice).toEqual({
        processingState: entry.rejects ? 'REJECTED' : 'RECEIVED',
        lifecycleStatus: { code, status: entry.name, label: entry.label, platformLabel: null, final: entry.final },
        statuses: [{ code, status: entry.name, label: entry.label, platformLabel: null, final: entry.final, flags: [] }],
      });
    },
  );

  it('flags 501 without a reason, and a status after 220 Annulée; 220 leaves the processing state alone', async () => {
    const id = await submitted();
    await platform.post(LIFECYCLE_EVENTS, event(id, 220, { occurred_at: '2026-03-02T10:00:00Z' }));
    await platform.post(LIFECYCLE_EVENTS, event(id, 205, { occurred_at: '2026-03-03T10:00:00Z' }));
    expect((await client.get(`/v1/invoices/${id}/statuses`)).body.data).toEqual([
      { code: 220, label: 'Annulée', final: true, occurred_at: '2026-03-02T10:00:00.000Z' },
      { code: 205, label: 'Approuvée', final: false, occurred_at: '2026-03-03T10:00:00.000Z', flags: ['AFTER_FINAL_STATUS'] },
    ]);
    expect((await client.get(`/v1/invoices/${id}`)).body.processing_state).toBe('received');

    const other = await submitted();
    const irrecevable = await platform.post(LIFECYCLE_EVENTS, event(other, 501));
    expect(irrecevable.body).toMatchObject({ code: 501, label: 'Irrecevable', final: true, flags: ['REASON_MISSING'] });
    expect((await client.get(`/v1/invoices/${other}`)).body).toMatchObject({
      processing_state: 'rejected',
      lifecycle_status: { code: 501, label: 'Irrecevable', final: true },
    });
  });

  it.each([[199], [215], [222], [502], [999]])('refuses %i with GW-LIFECYCLE-CODE naming the list', async (code) => {
    const reply = await platform.post(LIFECYCLE_EVENTS, event(await submitted(), code));
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([
      {
        path: '/code',
        rule: 'GW-LIFECYCLE-CODE',
        message: `Code ${code} is not a lifecycle code of the CDV list (${LIFECYCLE_CODE_LIST})`,
      },
    ]);
  });

  it('serialises a stored code outside the list (another version wrote it): status null, the PA label, not final', async () => {
    const id = await submitted();
    await gateway.database.db.insert(lifecycleStatuses).values({
      submissionId: id,
      code: 229,
      occurredAt: new Date('2026-03-04T10:00:00Z'),
      platformLabel: 'Nouveau statut',
      eventId: randomUUID(),
    });
    const graphql = await client.graphql(STATUSES, { id });
    expect(graphql.body.errors).toBeUndefined();
    expect(graphql.body.data.invoice.lifecycleStatus).toEqual({
      code: 229,
      status: null,
      label: 'Nouveau statut',
      platformLabel: 'Nouveau statut',
      final: false,
    });
    const record = await client.get(`/v1/invoices/${id}`);
    expect(record.status).toBe(200);
    expect(record.body.lifecycle_status).toEqual({
      code: 229,
      label: 'Nouveau statut',
      final: false,
      occurred_at: '2026-03-04T10:00:00.000Z',
    });
    assertConformsToOpenApi(record, 'get', INVOICE);
    const history = await client.get(`/v1/invoices/${id}/statuses`);
    expect(history.body.data).toEqual([record.body.lifecycle_status]);
    assertConformsToOpenApi(history, 'get', STATUS_HISTORY);
  });
});
