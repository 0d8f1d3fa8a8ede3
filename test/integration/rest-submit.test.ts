/**
 * POST /v1/invoices and /v1/credit-notes through real HTTP: the real
 * fixtures, the 202 record, every 400 and 422 cause of the spec, and 413.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { creditNote, DKK_EXAMPLE, FRENCH_EXAMPLES, invoice, loadExample, OFFICIAL_EXAMPLES, tax } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';

describe.each(engines())('REST submissions on %s', (engine) => {
  let gateway: Gateway;
  suiteGateway(engine, (started) => ({ gateway } = started));

  describe('real fixtures', () => {
    it.each(FRENCH_EXAMPLES)('accepts %s with 202 and a lookup URL', async (name) => {
      const client = await gateway.tenant();
      const body = loadExample(name);
      const reply = await client.post('/v1/invoices', body);
      expect(reply.status).toBe(202);
      expect(reply.body).toEqual({
        submission_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        saas_id: body.id,
        number: body.number,
        seller_siren: '900123456',
        processing_state: 'received',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(reply.headers.get('location')).toBe(`/v1/invoices/${reply.body.submission_id}`);
      const lookup = await client.get(reply.headers.get('location')!);
      expect(lookup.status).toBe(200);
      expect(lookup.body).toEqual(reply.body);
    });

    it.each(OFFICIAL_EXAMPLES)('refuses the official example %s with the French rules its body breaks (422)', async (name) => {
      const client = await gateway.tenant();
      const reply = await client.post('/v1/invoices', loadExample(name));
      expect(reply.status).toBe(422);
      const rules = new Set((reply.body.errors as Array<{ rule: string }>).map((error) => error.rule));
      // Not French: a 21 % or 25 % rate (BR-FR-16) and no buyer electronic address (BR-FR-12).
      expect(rules).toContain('BR-FR-16');
      expect(reply.body.errors).toContainEqual(expect.objectContaining({ path: '/lines/0/taxes/0/percentage', rule: 'BR-FR-16' }));
    });

    it('refuses the DKK fixture with 422 at /currency, every rule at once, and stores nothing', async () => {
      const client = await gateway.tenant();
      const dkk = loadExample(DKK_EXAMPLE);
      const reply = await client.post('/v1/invoices', dkk);
      expect(reply.status).toBe(422);
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(reply.body).toMatchObject({ type: 'urn:einvoicing:problem:validation-failed', status: 422 });
      expect(reply.body.errors).toContainEqual({
        path: '/currency',
        rule: 'GW-CURRENCY-UNSUPPORTED',
        message: expect.stringContaining('DKK'),
      });
      // The VAT total in EUR (BR-FR-CO-12) is not asked of a currency the gateway refuses anyway.
      expect(reply.body.errors).not.toContainEqual(expect.objectContaining({ rule: 'BR-FR-CO-12' }));
      // A valid document with the same SaaS id now goes through: the refused one left nothing behind.
      const fixed = { ...loadExample('fr-b2b-invoice'), id: dkk.id };
      expect((await client.post('/v1/invoices', fixed)).status).toBe(202);
    });
  });

  it('keeps unknown fields in the stored body, byte for byte', async () => {
    const client = await gateway.tenant();
    const raw = JSON.stringify({ ...invoice().unique().build(), x_custom: { nested: [1, 'two'] } }, null, 2);
    const reply = await client.post('/v1/invoices', undefined, { raw });
    expect(reply.status).toBe(202);
    const { submissions } = await import('../../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await gateway.database.db
      .select({ body: submissions.body })
      .from(submissions)
      .where(eq(submissions.id, reply.body.submission_id));
    expect(row?.body).toBe(raw);
  });

  // Found by the fuzz test (a 500 from the summary's text column): now refused before anything is written.
  it('refuses a buyer name with U+0000 with a 422 at its pointer, and stores nothing', async () => {
    const client = await gateway.tenant();
    const body = invoice().unique().build() as { customer_snapshot: { name: string } };
    body.customer_snapshot.name = 'Acme\u0000SA';
    const reply = await client.post('/v1/invoices', body);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toContainEqual(expect.objectContaining({ path: '/customer_snapshot/name', rule: 'GW-CONTROL-CHARACTER' }));
    const listed = await client.get('/v1/invoices');
    expect(listed.body.data).toEqual([]);
  });

  it('hashes the stored body: a byte order mark is dropped, non-ASCII text kept, and the key replays either spelling', async () => {
    const client = await gateway.tenant();
    const document = invoice().unique().with('note', 'Facture réglée à 30 jours, 10 € de frais 🧾').build();
    const text = JSON.stringify(document);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const first = await client.post('/v1/invoices', undefined, { raw: withBom, idempotencyKey: `bom-${document.id}` });
    expect(first.status).toBe(202);
    const { submissions } = await import('../../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await gateway.database.db
      .select({ body: submissions.body, bodySha256: submissions.bodySha256 })
      .from(submissions)
      .where(eq(submissions.id, first.body.submission_id));
    expect(row?.body).toBe(text);
    expect(row?.bodySha256).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    // The same document without the mark is the same request for the Idempotency-Key.
    const again = await client.post('/v1/invoices', undefined, { raw: text, idempotencyKey: `bom-${document.id}` });
    expect(again.status).toBe(202);
    expect(again.body.submission_id).toBe(first.body.submission_id);
  });

  describe('400 malformed requests', () => {
    const cases: Array<[string, { raw?: string; body?: unknown; headers?: Record<string, string> }, RegExp]> = [
      ['invalid JSON', { raw: '{"id": "x",' }, /not valid JSON/],
      ['a JSON array', { raw: '[]' }, /\(body\) must be an object/],
      ['a JSON string', { raw: '"invoice"' }, /must be an object/],
      ['a JSON null', { raw: 'null' }, /\(body\) must not be null/],
      ['invalid UTF-8', { raw: '\uFFFD' }, /./],
      ['a form content type', { raw: 'id=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, /Content-Type/],
      [
        'a compressed body',
        { raw: JSON.stringify(invoice().unique().build()), headers: { 'content-encoding': 'gzip' } },
        /Content-Encoding is not supported/,
      ],
      ['a missing required field', { body: invoice().unique().without('number').build() }, /\/number is required/],
      ['null for a required field', { body: invoice().unique().with('currency', null).build() }, /\/currency must not be null/],
      ['a string amount', { body: invoice().unique().with('total', '1515').build() }, /\/total must be an integer amount/],
      ['a fractional amount', { body: invoice().unique().with('total', 15.15).build() }, /\/total must be an integer/],
      [
        'an amount beyond 2^53',
        {
          body: invoice()
            .unique()
            .with('total', 2 ** 53)
            .build(),
        },
        /\/total must be an integer/,
      ],
      [
        'an impossible date-time',
        { body: invoice().unique().with('created_at', '2018-02-30T00:00:00Z').build() },
        /\/created_at 2018-02-30 is not a date that exists/,
      ],
      [
        'a malformed date-time',
        { body: invoice().unique().with('created_at', '2018-02-10 10:00').build() },
        /\/created_at must be an RFC 3339/,
      ],
      ['a malformed date', { body: invoice().unique().with('due_date', '28/02/2018').build() }, /\/due_date must be a date/],
      ['lines not an array', { body: invoice().unique().with('lines', {}).build() }, /\/lines must be an array/],
      [
        'a line quantity as text',
        {
          body: invoice()
            .unique()
            .withoutLines()
            .withLine((l) => l.with('quantity', '2'))
            .build(),
        },
        /\/lines\/0\/quantity must be a number/,
      ],
      [
        'a missing tax percentage',
        {
          body: invoice()
            .unique()
            .withoutLines()
            .withLine((l) => l.withTaxes({ name: 'VAT', amount: 1 } as never))
            .build(),
        },
        /\/lines\/0\/taxes\/0\/percentage is required/,
      ],
      ['a blank number', { body: invoice().unique().with('number', '  ').build() }, /\/number must not be empty/],
      // PostgreSQL text cannot hold U+0000; an unpaired surrogate has no UTF-8 form.
      ['U+0000 in the number', { body: invoice().unique().with('number', 'F-\u0000-1').build() }, /\/number must not contain U\+0000/],
      [
        'an unpaired surrogate in the id',
        { body: invoice().unique().with('id', 'inv-\ud800-1').build() },
        /\/id must not contain U\+0000 or an unpaired surrogate/,
      ],
    ];

    it.each(cases)('answers 400 for %s, naming the field', async (_name, request, detail) => {
      const client = await gateway.tenant();
      const raw = request.raw === '\uFFFD' ? new Uint8Array([0x7b, 0xff, 0x7d]) : request.raw;
      const reply = await client.request('POST', '/v1/invoices', request.body, { raw, headers: request.headers });
      expect(reply.status).toBe(400);
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(reply.body).toMatchObject({ type: 'urn:einvoicing:problem:malformed-request', title: expect.any(String), status: 400 });
      expect(reply.body.detail).toMatch(detail);
      expect(reply.text).not.toMatch(/at .*\.ts:\d+/); // never a stack trace
    });

    it('reports every structural problem at once', async () => {
      const client = await gateway.tenant();
      const body = invoice().unique().without('number').with('total', 'x').withBillingCountry(undefined).build();
      const reply = await client.post('/v1/invoices', body);
      expect(reply.status).toBe(400);
      expect(reply.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(
        ['/customer_snapshot/billing_address/country', '/number', '/total'].sort(),
      );
    });
  });

  describe('413 over 1 MiB', () => {
    const big = (bytes: number) => JSON.stringify({ ...invoice().unique().build(), padding: 'x'.repeat(bytes) });

    it('refuses a body over 1 MiB sent with Content-Length', async () => {
      const client = await gateway.tenant();
      const reply = await client.post('/v1/invoices', undefined, { raw: big(1024 * 1024) });
      expect(reply.status).toBe(413);
      expect(reply.body).toMatchObject({ type: 'urn:einvoicing:problem:payload-too-large', status: 413 });
    });

    it('refuses a streamed body over 1 MiB without Content-Length', async () => {
      const client = await gateway.tenant();
      const payload = new TextEncoder().encode(big(1024 * 1024));
      const stream = new ReadableStream({
        start(controller) {
          for (let offset = 0; offset < payload.length; offset += 64 * 1024) {
            controller.enqueue(payload.subarray(offset, offset + 64 * 1024));
          }
          controller.close();
        },
      });
      const response = await fetch(`${client.url}/v1/invoices`, {
        method: 'POST',
        headers: { authorization: client.authorization!, 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.headers.get('content-length')).not.toBeNull();
      expect(response.status).toBe(413);
    });

    it('accepts a body just under 1 MiB', async () => {
      const client = await gateway.tenant();
      const raw = big(1024 * 1024 - 4096);
      expect(Buffer.byteLength(raw)).toBeLessThanOrEqual(1024 * 1024);
      expect((await client.post('/v1/invoices', undefined, { raw })).status).toBe(202);
    });
  });

  describe('422: every cause of the spec, with its JSON pointer', () => {
    const cases: Array<[string, () => unknown, string, string]> = [
      ['unsupported currency', () => invoice().unique().withCurrency('DKK').build(), '/currency', 'GW-CURRENCY-UNSUPPORTED'],
      ['a currency that is not ISO 4217', () => invoice().unique().withCurrency('EURO').build(), '/currency', 'BR-CL-04'],
      [
        'malformed SIREN',
        () => invoice().unique().withTaxIds({ type: 'siren', value: '732829321' }).build(),
        '/customer_snapshot/tax_ids/0/value',
        'GW-SIREN',
      ],
      [
        'malformed SIRET',
        () => invoice().unique().withTaxIds({ type: 'siret', value: '73282932000075' }).build(),
        '/customer_snapshot/tax_ids/0/value',
        'GW-SIRET',
      ],
      [
        'malformed VAT number',
        () => invoice().unique().withTaxIds({ type: 'eu_vat', value: 'FR41303265045' }).build(),
        '/customer_snapshot/tax_ids/0/value',
        'GW-VAT-FR-KEY',
      ],
      [
        'invalid country',
        () => invoice().unique().withBillingCountry('XX').build(),
        '/customer_snapshot/billing_address/country',
        'BR-CL-14',
      ],
      [
        'invalid country in an unknown address',
        () => invoice().unique().with('shipping_address', { country: 'UK' }).build(),
        '/shipping_address/country',
        'BR-CL-14',
      ],
      [
        'tax rate over 100',
        () =>
          invoice()
            .unique()
            .withoutLines()
            .withLine((l) => l.withTaxes(tax({ percentage: 120 })))
            .build(),
        '/lines/0/taxes/0/percentage',
        'GW-TAX-RATE-RANGE',
      ],
      [
        'negative tax rate',
        () =>
          invoice()
            .unique()
            .withoutLines()
            .withLine()
            .withLine((l) => l.withTaxes(tax({ percentage: -1 })))
            .build(),
        '/lines/1/taxes/0/percentage',
        'GW-TAX-RATE-RANGE',
      ],
      [
        'two taxes on a line',
        () =>
          invoice()
            .unique()
            .withoutLines()
            .withLine((l) => l.withTaxes(tax(), tax()))
            .build(),
        '/lines/0/taxes',
        'GW-ONE-TAX-PER-LINE',
      ],
    ];

    it.each(cases)('invoice with %s', async (_name, build, path, rule) => {
      const client = await gateway.tenant();
      const reply = await client.post('/v1/invoices', build());
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toEqual([{ path, rule, message: expect.any(String) }]);
    });

    it('reports every violation at once', async () => {
      const client = await gateway.tenant();
      const body = invoice()
        .unique()
        .withCurrency('DKK')
        .withBillingCountry('XX')
        .withoutLines()
        .withLine((l) => l.withTaxes(tax({ percentage: 150 }), tax()))
        .build();
      const reply = await client.post('/v1/invoices', body);
      expect(reply.status).toBe(422);
      expect(reply.body.errors.map((e: { path: string; rule: string }) => `${e.rule} ${e.path}`).sort()).toEqual([
        'BR-CL-14 /customer_snapshot/billing_address/country',
        'GW-CURRENCY-UNSUPPORTED /currency',
        'GW-ONE-TAX-PER-LINE /lines/0/taxes',
        'GW-TAX-RATE-RANGE /lines/0/taxes/0/percentage',
      ]);
    });
  });

  describe('credit notes', () => {
    it('links a credit note to its invoice (origin_submission_id, BT-25, BT-26)', async () => {
      const client = await gateway.tenant();
      const inv = invoice().unique('inv').with('finalized_at', '2018-02-05T23:30:00-05:00').build();
      const invoiceReply = await client.post('/v1/invoices', inv);
      expect(invoiceReply.status).toBe(202);
      const reply = await client.post('/v1/credit-notes', creditNote().unique('cn').refunding(inv.id).build());
      expect(reply.status).toBe(202);
      expect(reply.body).toMatchObject({ processing_state: 'received', origin_submission_id: invoiceReply.body.submission_id });
      expect(reply.headers.get('location')).toBe(`/v1/credit-notes/${reply.body.submission_id}`);
      const lookup = await client.get(`/v1/credit-notes/${reply.body.submission_id}`);
      expect(lookup.status).toBe(200);
      expect(lookup.body.origin_submission_id).toBe(invoiceReply.body.submission_id);

      const graphql = await client.graphql('query ($id: ID!) { creditNote(id: $id) { precedingInvoiceNumber precedingInvoiceDate } }', {
        id: reply.body.submission_id,
      });
      // BT-26 is the invoice's BT-2: the date in Paris (05:30 on the 6th), not the 5th the SaaS wrote in its own offset.
      expect(graphql.body.data.creditNote).toEqual({ precedingInvoiceNumber: inv.number, precedingInvoiceDate: '2018-02-06' });
    });

    it('answers 400 at /invoice_id for an original invoice id PostgreSQL cannot store', async () => {
      const client = await gateway.tenant();
      const reply = await client.post('/v1/credit-notes', creditNote().unique().refunding('inv-\u0000').build());
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ path: '/invoice_id', message: 'must not contain U+0000 or an unpaired surrogate' }]);
    });

    it('refuses an unknown original invoice with 422 at /invoice_id', async () => {
      const client = await gateway.tenant();
      const reply = await client.post('/v1/credit-notes', creditNote().unique().refunding('never-submitted').build());
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toEqual([{ path: '/invoice_id', rule: 'GW-ORIGIN-INVOICE-UNKNOWN', message: expect.any(String) }]);
    });

    it('refuses a credit note without currency with 422 at /currency', async () => {
      const client = await gateway.tenant();
      const inv = invoice().unique().build();
      await client.post('/v1/invoices', inv);
      const reply = await client.post('/v1/credit-notes', creditNote().unique().refunding(inv.id).withoutCurrency().build());
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toEqual([{ path: '/currency', rule: 'BR-05', message: expect.any(String) }]);
    });

    it("does not link to another tenant's invoice", async () => {
      const owner = await gateway.tenant();
      const other = await gateway.tenant();
      const inv = invoice().unique().build();
      expect((await owner.post('/v1/invoices', inv)).status).toBe(202);
      const reply = await other.post('/v1/credit-notes', creditNote().unique().refunding(inv.id).build());
      expect(reply.status).toBe(422);
      expect(reply.body.errors[0].path).toBe('/invoice_id');
    });

    it('accepts an unknown `type` on a credit note line and keeps it', async () => {
      const client = await gateway.tenant();
      const inv = invoice().unique().build();
      await client.post('/v1/invoices', inv);
      const note = creditNote().unique().refunding(inv.id).build();
      (note.lines[0] as Record<string, unknown>).type = 'item';
      expect((await client.post('/v1/credit-notes', note)).status).toBe(202);
    });
  });
});
