/**
 * GraphQL at /graphql: the submit mutations' typed results, the queries, the
 * Relay connection, scalars, authentication and the body limit.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadExample, tax, toGraphQLInput } from '../support/documents.ts';
import type { Client } from '../support/client.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';

function invoiceInput(overrides: Record<string, unknown> = {}): Record<string, any> {
  const suffix = randomUUID();
  return {
    ...(toGraphQLInput(loadExample('fr-b2b-invoice')) as Record<string, unknown>),
    id: `gql-${suffix}`,
    number: `G-${suffix.slice(0, 23)}`,
    ...overrides,
  };
}

/** POST /graphql with `text` streamed in 64 KiB chunks: no Content-Length, chunked transfer encoding. */
async function postChunked(client: Client, text: string): Promise<{ status: number; body: unknown }> {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 65536) controller.enqueue(bytes.subarray(at, at + 65536));
      controller.close();
    },
  });
  const reply = await fetch(`${client.url}/graphql`, {
    method: 'POST',
    headers: { authorization: client.authorization!, 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
  const raw = await reply.text();
  return { status: reply.status, body: raw ? JSON.parse(raw) : undefined };
}

const SUBMIT_INVOICE = /* GraphQL */ `
  mutation ($input: InvoiceInput!, $key: String) {
    submitInvoice(input: $input, idempotencyKey: $key) {
      __typename
      ... on SubmissionAccepted { replayed submission { id saasId number documentType processingState issueDate createdAt lifecycleStatus { code } statuses { code } } }
      ... on ValidationFailed { message issues { path rule message } }
      ... on DuplicateSubmission { message existing { id number } }
      ... on IdempotencyConflict { message }
      ... on InvalidArguments { message issues { path message } }
    }
  }
`;

describe.each(engines())('GraphQL on %s', (engine) => {
  let gateway: Gateway;
  suiteGateway(engine, (started) => ({ gateway } = started));

  it('submits a real invoice and reads it back', async () => {
    const client = await gateway.tenant();
    const input = invoiceInput();
    const reply = await client.graphql(SUBMIT_INVOICE, { input });
    expect(reply.status).toBe(200);
    const result = reply.body.data.submitInvoice;
    expect(result).toMatchObject({
      __typename: 'SubmissionAccepted',
      replayed: false,
      submission: {
        saasId: input.id,
        number: input.number,
        documentType: 'INVOICE',
        processingState: 'RECEIVED',
        issueDate: '2026-11-20',
        lifecycleStatus: null,
        statuses: [],
      },
    });
    const { id } = result.submission;
    const lookup = await client.graphql(
      'query ($id: ID!) { invoice(id: $id) { id number } submission(id: $id) { id } creditNote(id: $id) { id } }',
      { id },
    );
    expect(lookup.body.data).toEqual({ invoice: { id, number: input.number }, submission: { id }, creditNote: null });
    // The same submission is visible over REST, in the spec's names.
    expect((await client.get(`/v1/invoices/${id}`)).body).toMatchObject({ submission_id: id, saas_id: input.id });
  });

  it('returns every rule violation as ValidationFailed, with paths in GraphQL names', async () => {
    const client = await gateway.tenant();
    const input = invoiceInput({ currency: 'DKK' });
    const lines = input.lines as Array<Record<string, unknown>>;
    lines[1] = { ...lines[1], taxes: [toGraphQLInput(tax({ percentage: 101 }))] };
    (input.customerSnapshot as { billingAddress: { country: string } }).billingAddress.country = 'ZZ';
    const reply = await client.graphql(SUBMIT_INVOICE, { input });
    const result = reply.body.data.submitInvoice;
    expect(result.__typename).toBe('ValidationFailed');
    expect(result.issues.map((i: { path: string; rule: string }) => `${i.rule} ${i.path}`).sort()).toEqual([
      'BR-CL-14 /input/customerSnapshot/billingAddress/country',
      'GW-CURRENCY-UNSUPPORTED /input/currency',
      'GW-TAX-RATE-RANGE /input/lines/1/taxes/0/percentage',
    ]);
  });

  it('writes ValidationFailed messages in the GraphQL names their paths use', async () => {
    const client = await gateway.tenant();
    const input = invoiceInput();
    input.total = (input.total as number) + 100;
    const result = (await client.graphql(SUBMIT_INVOICE, { input })).body.data.submitInvoice;
    expect(result.__typename).toBe('ValidationFailed');
    const issue = result.issues.find((i: { rule: string }) => i.rule === 'BR-CO-15');
    expect(issue.path).toBe('/input/total');
    expect(issue.message).toContain('totalExclTax + taxTotal');
    expect(issue.message).not.toMatch(/[a-z]_[a-z]/);
  });

  it('returns DuplicateSubmission, IdempotencyConflict and replays as typed results', async () => {
    const client = await gateway.tenant();
    const input = invoiceInput();
    const key = randomUUID();
    const first = (await client.graphql(SUBMIT_INVOICE, { input, key })).body.data.submitInvoice;
    const replay = (await client.graphql(SUBMIT_INVOICE, { input, key })).body.data.submitInvoice;
    expect(replay).toMatchObject({ __typename: 'SubmissionAccepted', replayed: true, submission: { id: first.submission.id } });
    const conflict = (await client.graphql(SUBMIT_INVOICE, { input: invoiceInput(), key })).body.data.submitInvoice;
    expect(conflict.__typename).toBe('IdempotencyConflict');
    const duplicate = (await client.graphql(SUBMIT_INVOICE, { input: { ...input, id: 'another-id' } })).body.data.submitInvoice;
    expect(duplicate).toMatchObject({ __typename: 'DuplicateSubmission', existing: { id: first.submission.id } });
  });

  it('returns InvalidArguments for a blank number or a too long key', async () => {
    const client = await gateway.tenant();
    const reply = await client.graphql(SUBMIT_INVOICE, { input: invoiceInput({ number: ' ' }), key: 'k'.repeat(300) });
    const result = reply.body.data.submitInvoice;
    expect(result.__typename).toBe('InvalidArguments');
    expect(result.issues.map((i: { path: string }) => i.path).sort()).toEqual(['/idempotencyKey', '/input/number']);
  });

  it('returns InvalidArguments for an identifier PostgreSQL cannot store (U+0000, an unpaired surrogate)', async () => {
    const client = await gateway.tenant();
    const reply = await client.graphql(SUBMIT_INVOICE, { input: invoiceInput({ id: 'inv-\ud800', number: 'F-\u0000' }) });
    const result = reply.body.data.submitInvoice;
    expect(result.__typename).toBe('InvalidArguments');
    expect(result.issues).toEqual([
      { path: '/input/id', message: 'must not contain U+0000 or an unpaired surrogate' },
      { path: '/input/number', message: 'must not contain U+0000 or an unpaired surrogate' },
    ]);
  });

  it('submits a credit note linked to its invoice', async () => {
    const client = await gateway.tenant();
    const input = invoiceInput();
    const invoiceId = (await client.graphql(SUBMIT_INVOICE, { input })).body.data.submitInvoice.submission.id;
    const reply = await client.graphql(
      `mutation ($input: CreditNoteInput!) { submitCreditNote(input: $input) { __typename ... on SubmissionAccepted { submission { documentType originSubmissionId precedingInvoiceNumber precedingInvoiceDate } } } }`,
      {
        input: {
          id: `cn-${randomUUID()}`,
          number: `CN-${randomUUID().slice(0, 23)}`,
          invoiceId: input.id,
          currency: 'EUR',
          createdAt: '2015-02-01T00:00:00+01:00',
          totalExclTax: 100,
          taxTotal: 20,
          total: 120,
          lines: [{ id: '1', description: 'Retour', quantity: 1, unitAmount: 100, amount: 100, taxes: [{ percentage: 20, amount: 20 }] }],
        },
      },
    );
    expect(reply.body.data.submitCreditNote).toEqual({
      __typename: 'SubmissionAccepted',
      submission: {
        documentType: 'CREDIT_NOTE',
        originSubmissionId: invoiceId,
        precedingInvoiceNumber: input.number,
        precedingInvoiceDate: '2026-11-20',
      },
    });
  });

  describe('scalars', () => {
    it('accepts amounts beyond the 32-bit Int range and refuses them beyond 2^53', async () => {
      const client = await gateway.tenant();
      // Every amount past 2^31 and consistent (BR-CO-10/14/15 hold): one line of 2,147,483,648.00 at 20 %.
      const [amount, vat] = [2_147_483_648_00, 42_949_672_960];
      const line = { id: '1', description: 'Licence', quantity: 1, unitAmount: amount, amount, taxes: [{ percentage: 20, amount: vat }] };
      const big = {
        lines: [line],
        subtotal: amount,
        totalExclTax: amount,
        taxTotal: vat,
        total: amount + vat,
        amountPaid: 0,
        amountDue: amount + vat,
      };
      const ok = await client.graphql(SUBMIT_INVOICE, { input: invoiceInput(big) });
      expect(ok.body.data.submitInvoice.__typename).toBe('SubmissionAccepted');
      const tooBig = await client.graphql(SUBMIT_INVOICE, { input: invoiceInput({ total: 2 ** 53 }) });
      expect(tooBig.status).toBe(200);
      expect(tooBig.body.errors?.[0]?.message).toMatch(/SafeInt cannot represent unsafe integer/);
    });

    it('refuses a malformed DateTime and keeps a well-formed one as written', async () => {
      const client = await gateway.tenant();
      const bad = await client.graphql(SUBMIT_INVOICE, { input: invoiceInput({ createdAt: '2015-13-01T00:00:00Z' }) });
      expect(bad.body.errors?.[0]?.message).toBe('input.createdAt: 2015-13-01 is not a date that exists');
      const good = await client.graphql(SUBMIT_INVOICE, { input: invoiceInput({ finalizedAt: '2015-01-09T23:30:00-05:00' }) });
      // BT-2 is the date in Paris (05:30 on the 10th), though the SaaS wrote the 9th in its own offset.
      expect(good.body.data.submitInvoice.submission.issueDate).toBe('2015-01-10');
    });
  });

  describe('submissions connection', () => {
    it('pages newest first, filters, and never shows another tenant', async () => {
      const client = await gateway.tenant();
      const stranger = await gateway.tenant();
      await stranger.graphql(SUBMIT_INVOICE, { input: invoiceInput() });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await client.graphql(SUBMIT_INVOICE, { input: invoiceInput() })).body.data.submitInvoice.submission.id);
      }
      const page = `query ($after: String, $type: DocumentType) {
        submissions(first: 2, after: $after, documentType: $type) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }`;
      const seen: string[] = [];
      let after: string | null = null;
      for (let guard = 0; guard < 5; guard++) {
        const reply = await client.graphql(page, { after, type: 'INVOICE' });
        const connection = reply.body.data.submissions;
        seen.push(...connection.edges.map((e: { node: { id: string } }) => e.node.id));
        if (!connection.pageInfo.hasNextPage) break;
        after = connection.pageInfo.endCursor;
      }
      expect(seen).toEqual([...ids].reverse());
      const notes = await client.graphql(page, { type: 'CREDIT_NOTE' });
      expect(notes.body.data.submissions.edges).toEqual([]);
      const last = await client.graphql('{ submissions(last: 2) { edges { node { id } } } }');
      expect(last.body.data.submissions.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([ids[1], ids[0]]);
    });
  });

  it("answers null for another tenant's submission", async () => {
    const owner = await gateway.tenant();
    const id = (await owner.graphql(SUBMIT_INVOICE, { input: invoiceInput() })).body.data.submitInvoice.submission.id;
    const stranger = await gateway.tenant();
    const reply = await stranger.graphql('query ($id: ID!) { submission(id: $id) { id } invoice(id: $id) { id } }', { id });
    expect(reply.body.data).toEqual({ submission: null, invoice: null });
  });

  it('answers 401 with a Bearer challenge without a valid token', async () => {
    for (const auth of [undefined, 'Bearer nope']) {
      const reply = await gateway.anonymous(auth).graphql('{ submissions { edges { cursor } } }');
      expect(reply.status).toBe(401);
      expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(reply.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });

  it('serves GraphiQL to a browser without a token', async () => {
    const reply = await gateway.anonymous().request('GET', '/graphql', undefined, { headers: { accept: 'text/html' } });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('GraphiQL');
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const client = await gateway.tenant();
    const reply = await client.graphql(`{ submissions { edges { cursor } } } # ${'x'.repeat(1024 * 1024)}`);
    expect(reply.status).toBe(413);
  });

  it('answers 413 for a body over 1 MiB sent without Content-Length, and reads a small one', async () => {
    const client = await gateway.tenant();
    const big = await postChunked(client, JSON.stringify({ query: `{ submissions { edges { cursor } } } # ${'x'.repeat(1024 * 1024)}` }));
    expect(big.status).toBe(413);
    const small = await postChunked(client, JSON.stringify({ query: '{ submissions { edges { cursor } } }' }));
    expect(small.status).toBe(200);
    expect(small.body).toEqual({ data: { submissions: { edges: [] } } });
  });

  it('masks unexpected errors', async () => {
    const client = await gateway.tenant();
    const reply = await client.graphql('query ($id: ID!) { invoice(id: $id) { id } }', { id: 'x'.repeat(10) });
    expect(reply.body).toEqual({ data: { invoice: null } });
  });
});
