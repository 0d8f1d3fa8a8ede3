/**
 * GET lookups, tenant isolation and bearer authentication on every /v1 endpoint.
 */
import { describe, expect, it } from 'vitest';
import { lifecycleStatuses } from '../../src/db/schema.ts';
import { revokeToken } from '../../src/domain/tenancy/tenancy-service.ts';
import { creditNote, invoice } from '../support/documents.ts';
import { AUTH_CACHE_TTL_IN_TESTS_MS, engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';

describe.each(engines())('REST lookups and authentication on %s', (engine) => {
  let gateway: Gateway;
  suiteGateway(engine, (started) => ({ gateway } = started));

  async function submitted() {
    const client = await gateway.tenant();
    const inv = invoice().unique().build();
    const invoiceReply = await client.post('/v1/invoices', inv);
    const noteReply = await client.post('/v1/credit-notes', creditNote().unique().refunding(inv.id).build());
    return { client, invoiceId: invoiceReply.body.submission_id as string, creditNoteId: noteReply.body.submission_id as string };
  }

  it('returns the record of an invoice and of a credit note', async () => {
    const { client, invoiceId, creditNoteId } = await submitted();
    const inv = await client.get(`/v1/invoices/${invoiceId}`);
    expect(inv.status).toBe(200);
    expect(inv.headers.get('content-type')).toMatch(/^application\/json/);
    expect(inv.body).toMatchObject({ submission_id: invoiceId, processing_state: 'received' });
    expect(inv.body).not.toHaveProperty('lifecycle_status');
    expect(inv.body).not.toHaveProperty('origin_submission_id');
    const note = await client.get(`/v1/credit-notes/${creditNoteId}`);
    expect(note.status).toBe(200);
    expect(note.body).toMatchObject({ submission_id: creditNoteId, origin_submission_id: invoiceId });
  });

  it('returns an empty status history until the PA reports, then oldest first with the latest on the record', async () => {
    const { client, invoiceId } = await submitted();
    expect((await client.get(`/v1/invoices/${invoiceId}/statuses`)).body).toEqual({ data: [] });
    await gateway.database.db.insert(lifecycleStatuses).values([
      { submissionId: invoiceId, code: 202, occurredAt: new Date('2026-01-02T10:00:00Z') },
      { submissionId: invoiceId, code: 200, occurredAt: new Date('2026-01-02T09:00:00Z') },
      { submissionId: invoiceId, code: 210, occurredAt: new Date('2026-01-03T09:00:00Z'), reason: 'Montant erroné' },
    ]);
    const history = await client.get(`/v1/invoices/${invoiceId}/statuses`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual({
      data: [
        { code: 200, label: 'Déposée', final: false, occurred_at: '2026-01-02T09:00:00.000Z' },
        { code: 202, label: 'Reçue', final: false, occurred_at: '2026-01-02T10:00:00.000Z' },
        { code: 210, label: 'Refusée', final: true, occurred_at: '2026-01-03T09:00:00.000Z', reason: 'Montant erroné' },
      ],
    });
    const record = await client.get(`/v1/invoices/${invoiceId}`);
    expect(record.body.lifecycle_status).toEqual({
      code: 210,
      label: 'Refusée',
      final: true,
      occurred_at: '2026-01-03T09:00:00.000Z',
      reason: 'Montant erroné',
    });
  });

  it('gives a credit note its own status history, 404 for an invoice id or another tenant', async () => {
    const { client, invoiceId, creditNoteId } = await submitted();
    expect((await client.get(`/v1/credit-notes/${creditNoteId}/statuses`)).body).toEqual({ data: [] });
    await gateway.database.db
      .insert(lifecycleStatuses)
      .values([{ submissionId: creditNoteId, code: 212, occurredAt: new Date('2026-01-04T09:00:00Z') }]);
    const history = await client.get(`/v1/credit-notes/${creditNoteId}/statuses`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual({ data: [{ code: 212, label: 'Encaissée', final: true, occurred_at: '2026-01-04T09:00:00.000Z' }] });
    expect((await client.get(`/v1/credit-notes/${invoiceId}/statuses`)).status).toBe(404);
    const stranger = await gateway.tenant();
    expect((await stranger.get(`/v1/credit-notes/${creditNoteId}/statuses`)).status).toBe(404);
  });

  it('refuses to change or delete a status entry: the audit trail is append-only', async () => {
    const { invoiceId } = await submitted();
    await gateway.database.db.insert(lifecycleStatuses).values({ submissionId: invoiceId, code: 200, occurredAt: new Date() });
    const { sql } = await import('drizzle-orm');
    await expect(
      gateway.database.db.execute(sql`update lifecycle_statuses set code = 213 where submission_id = ${invoiceId}`),
    ).rejects.toThrow();
    await expect(gateway.database.db.execute(sql`delete from lifecycle_statuses where submission_id = ${invoiceId}`)).rejects.toThrow();
  });

  describe('404', () => {
    it.each([
      ['an unknown id', '/v1/invoices/01a20000-0000-7000-8000-000000000000'],
      ['a malformed id', '/v1/invoices/not-a-uuid'],
      ['statuses of an unknown id', '/v1/invoices/01a20000-0000-7000-8000-000000000000/statuses'],
      ['an unknown credit note', '/v1/credit-notes/01a20000-0000-7000-8000-000000000000'],
      ['an unknown path', '/v1/nothing-here'],
    ])('answers 404 for %s', async (_name, path) => {
      const client = await gateway.tenant();
      const reply = await client.get(path);
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ type: 'urn:einvoicing:problem:not-found', status: 404 });
    });

    it('answers 404 for an invoice id on the credit-note path and the other way round', async () => {
      const { client, invoiceId, creditNoteId } = await submitted();
      expect((await client.get(`/v1/credit-notes/${invoiceId}`)).status).toBe(404);
      expect((await client.get(`/v1/invoices/${creditNoteId}`)).status).toBe(404);
      expect((await client.get(`/v1/invoices/${creditNoteId}/statuses`)).status).toBe(404);
    });

    it("answers another tenant's ids exactly like unknown ones", async () => {
      const { invoiceId, creditNoteId } = await submitted();
      const stranger = await gateway.tenant();
      const unknown = await stranger.get('/v1/invoices/01a20000-0000-7000-8000-000000000000');
      for (const path of [`/v1/invoices/${invoiceId}`, `/v1/invoices/${invoiceId}/statuses`, `/v1/credit-notes/${creditNoteId}`]) {
        const reply = await stranger.get(path);
        expect(reply.status).toBe(404);
        expect({ ...reply.body, detail: undefined }).toEqual({ ...unknown.body, detail: undefined });
      }
    });
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const client = await gateway.tenant();
    const reply = await client.request('DELETE', '/v1/invoices');
    expect(reply.status).toBe(405);
    // POST submits, GET lists (the console's list, issue 32).
    expect(reply.headers.get('allow')?.split(/,\s*/).sort()).toEqual(['GET', 'POST']);
  });

  describe('401', () => {
    const endpoints: Array<[string, string]> = [
      ['POST', '/v1/invoices'],
      ['POST', '/v1/credit-notes'],
      ['GET', '/v1/invoices/01a20000-0000-7000-8000-000000000000'],
      ['GET', '/v1/invoices/01a20000-0000-7000-8000-000000000000/statuses'],
      ['GET', '/v1/credit-notes/01a20000-0000-7000-8000-000000000000'],
    ];
    const credentials: Array<[string, string | undefined]> = [
      ['no token', undefined],
      ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
      ['a malformed token', 'Bearer not-a-token'],
      ['an unknown token', `Bearer pas_000000000000_${'A'.repeat(43)}`],
    ];
    it.each(endpoints.flatMap(([method, path]) => credentials.map(([name, auth]) => [method, path, name, auth] as const)))(
      '%s %s with %s answers 401 with a Bearer challenge',
      async (method, path, _name, auth) => {
        const reply = await gateway.anonymous(auth).request(method, path, method === 'POST' ? invoice().unique().build() : undefined);
        expect(reply.status).toBe(401);
        expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer realm="passerelle"/);
        expect(reply.body).toMatchObject({ type: 'urn:einvoicing:problem:unauthorized', status: 401 });
      },
    );

    it('refuses a revoked token', async () => {
      const client = await gateway.tenant();
      expect((await client.post('/v1/invoices', invoice().unique().build())).status).toBe(202);
      expect(await revokeToken(gateway.database.db, client.token)).toBe(true);
      // A successful lookup is reused for a short while (README: Authentication).
      await new Promise((resolve) => setTimeout(resolve, AUTH_CACHE_TTL_IN_TESTS_MS + 50));
      const reply = await client.post('/v1/invoices', invoice().unique().build());
      expect(reply.status).toBe(401);
      expect(reply.headers.get('www-authenticate')).toContain('error="invalid_token"');
    });

    it('refuses a token whose secret part is wrong, even with a real prefix', async () => {
      const client = await gateway.tenant();
      const forged = client.token.slice(0, -4) + (client.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      expect((await gateway.anonymous(`Bearer ${forged}`).get('/v1/invoices/x')).status).toBe(401);
    });
  });
});
