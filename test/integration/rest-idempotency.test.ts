/**
 * Idempotency-Key and duplicate rules (spec § Errors, 409 kinds), including
 * concurrent requests: the unique indexes, not read-then-write checks, decide.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, submissions, tenants } from '../../src/db/schema.ts';
import { creditNote, invoice } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';

describe.each(engines())('idempotency and duplicates on %s', (engine) => {
  let gateway: Gateway;
  suiteGateway(engine, (started) => ({ gateway } = started));

  async function submissionCount(tenantName: string): Promise<number> {
    const [row] = await gateway.database.db
      .select({ n: count() })
      .from(submissions)
      .innerJoin(tenants, eq(tenants.id, submissions.tenantId))
      .where(eq(tenants.name, tenantName));
    return row?.n ?? 0;
  }

  it('replays the original reply for the same key and body, without a second submission', async () => {
    const client = await gateway.tenant();
    const body = invoice().unique().build();
    const key = randomUUID();
    const first = await client.post('/v1/invoices', body, { idempotencyKey: key });
    // Same document, different key order and spacing: still the same body.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 1);
    const second = await client.post('/v1/invoices', undefined, { idempotencyKey: key, raw: reordered });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await submissionCount(client.tenantName)).toBe(1);
  });

  it('compares retries with a body holding a lone surrogate (unchecked field): replay or 409, never 500', async () => {
    const client = await gateway.tenant();
    const body = invoice().unique().build();
    const key = randomUUID();
    // "\ud800" as a JSON escape: valid JSON text, no Unicode scalar value, kept verbatim in the stored body.
    const raw = JSON.stringify({ ...body, x_note: 'LONE' }).replace('"LONE"', '"\\ud800"');
    expect((await client.post('/v1/invoices', undefined, { idempotencyKey: key, raw })).status).toBe(202);
    const spaced = await client.post('/v1/invoices', undefined, { idempotencyKey: key, raw: ` ${raw}\n` });
    expect(spaced.status).toBe(202);
    expect(spaced.headers.get('idempotent-replayed')).toBe('true');
    const changed = await client.post('/v1/invoices', undefined, { idempotencyKey: key, raw: raw.replace('"\\ud800"', '"\\udc00"') });
    expect(changed.status).toBe(409);
    expect(changed.body.type).toBe('urn:einvoicing:problem:idempotency-conflict');
  });

  it('answers 409 idempotency-conflict for the same key with another body', async () => {
    const client = await gateway.tenant();
    const key = randomUUID();
    const first = await client.post('/v1/invoices', invoice().unique().build(), { idempotencyKey: key });
    expect(first.status).toBe(202);
    const reply = await client.post('/v1/invoices', invoice().unique().build(), { idempotencyKey: key });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ type: 'urn:einvoicing:problem:idempotency-conflict', status: 409 });
    expect(reply.body.submission_id).toBe(first.body.submission_id);
    expect(await submissionCount(client.tenantName)).toBe(1);
  });

  it('treats a key used for an invoice as a conflict for a credit note', async () => {
    const client = await gateway.tenant();
    const inv = invoice().unique().build();
    const key = randomUUID();
    await client.post('/v1/invoices', inv, { idempotencyKey: key });
    const reply = await client.post('/v1/credit-notes', creditNote().unique().refunding(inv.id).build(), { idempotencyKey: key });
    expect(reply.status).toBe(409);
    expect(reply.body.type).toBe('urn:einvoicing:problem:idempotency-conflict');
  });

  it('does not consume the key on a 422', async () => {
    const client = await gateway.tenant();
    const key = randomUUID();
    const refused = await client.post('/v1/invoices', invoice().unique().withCurrency('DKK').build(), { idempotencyKey: key });
    expect(refused.status).toBe(422);
    const accepted = await client.post('/v1/invoices', invoice().unique().build(), { idempotencyKey: key });
    expect(accepted.status).toBe(202);
    const [row] = await gateway.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row?.submissionId).toBe(accepted.body.submission_id);
  });

  it('scopes keys to a tenant', async () => {
    const [a, b] = [await gateway.tenant(), await gateway.tenant()];
    const key = randomUUID();
    expect((await a.post('/v1/invoices', invoice().unique().build(), { idempotencyKey: key })).status).toBe(202);
    expect((await b.post('/v1/invoices', invoice().unique().build(), { idempotencyKey: key })).status).toBe(202);
  });

  it('refuses an Idempotency-Key that is too long with 400', async () => {
    const client = await gateway.tenant();
    const reply = await client.post('/v1/invoices', invoice().unique().build(), { idempotencyKey: 'k'.repeat(256) });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toMatch(/Idempotency-Key/);
    expect(await submissionCount(client.tenantName)).toBe(0);
  });

  describe('409 duplicate-submission', () => {
    it.each([
      ['the same number', (doc: ReturnType<typeof base>) => ({ ...doc, id: `${doc.id}-other` })],
      ['the same saas id', (doc: ReturnType<typeof base>) => ({ ...doc, number: `${doc.number}-other` })],
    ])('answers 409 for %s, even under another key, naming the existing submission', async (_name, vary) => {
      const client = await gateway.tenant();
      const doc = base();
      const first = await client.post('/v1/invoices', doc, { idempotencyKey: randomUUID() });
      const reply = await client.post('/v1/invoices', vary(doc), { idempotencyKey: randomUUID() });
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({
        type: 'urn:einvoicing:problem:duplicate-submission',
        status: 409,
        submission_id: first.body.submission_id,
      });
    });

    it('allows the same number for an invoice and a credit note, and across tenants', async () => {
      const [a, b] = [await gateway.tenant(), await gateway.tenant()];
      const inv = base();
      expect((await a.post('/v1/invoices', inv)).status).toBe(202);
      expect((await b.post('/v1/invoices', inv)).status).toBe(202);
      const note = creditNote().refunding(inv.id).with('number', inv.number).with('id', inv.id).build();
      expect((await a.post('/v1/credit-notes', note)).status).toBe(202);
    });

    function base() {
      return invoice().unique().build();
    }
  });

  describe('races', () => {
    it('20 concurrent requests with one key create exactly one submission, and all get it', async () => {
      const client = await gateway.tenant();
      const body = invoice().unique().build();
      const key = randomUUID();
      const replies = await Promise.all(Array.from({ length: 20 }, () => client.post('/v1/invoices', body, { idempotencyKey: key })));
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(202));
      expect(new Set(replies.map((r) => r.body.submission_id)).size).toBe(1);
      expect(await submissionCount(client.tenantName)).toBe(1);
    });

    it('20 concurrent requests with one number create exactly one submission; the rest are 409 duplicates', async () => {
      const client = await gateway.tenant();
      const doc = invoice().unique().build();
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          client.post('/v1/invoices', { ...doc, id: `${doc.id}-${i}` }, { idempotencyKey: randomUUID() }),
        ),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(19).fill(409), 202].sort());
      const winner = replies.find((r) => r.status === 202)!;
      for (const loser of replies.filter((r) => r.status === 409)) {
        expect(loser.body.submission_id).toBe(winner.body.submission_id);
      }
      expect(await submissionCount(client.tenantName)).toBe(1);
    });

    it('20 concurrent requests with one key and different bodies create exactly one submission', async () => {
      const client = await gateway.tenant();
      const key = randomUUID();
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => client.post('/v1/invoices', invoice().unique().build(), { idempotencyKey: key })),
      );
      expect(replies.filter((r) => r.status === 202)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409).every((r) => r.body.type === 'urn:einvoicing:problem:idempotency-conflict')).toBe(
        true,
      );
      expect(await submissionCount(client.tenantName)).toBe(1);
    });
  });
});
