/**
 * The submissions list through real HTTP (GraphQL and the REST lists): the
 * summary fields, every filter, every order paged with keyset cursors both
 * ways, `totalCount` (exact, then estimated), `submissionByNumber`, tenant
 * isolation; on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT } from '../../src/domain/submissions/read/index.ts';
import { rowsOf } from '../../src/db/rows.ts';
import { lifecycleStatuses } from '../../src/db/schema.ts';
import { creditNote, invoice } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';

const FIELDS =
  'id number saasId documentType issueDate processingState total totalExclTax taxTotal currency dueDate updatedAt createdAt buyer { name siren vatId } lifecycleStatus { code }';
const LIST = `query List($filter: SubmissionFilter, $orderBy: SubmissionOrder, $first: Int, $after: String, $last: Int, $before: String) {
  submissions(filter: $filter, orderBy: $orderBy, first: $first, after: $after, last: $last, before: $before) {
    totalCount totalCountExact edges { cursor node { ${FIELDS} } } pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
  }
}`;

describe.each(engines())('the submissions list on %s', { timeout: 120_000 }, (engine) => {
  let gateway: Gateway;
  let client: Awaited<ReturnType<Gateway['tenant']>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    gateway = await startGateway(engine, { pipeline: true });
    client = await gateway.tenant();
    const docs = {
      a: invoice().unique('a').with('number', 'FA-2026-001').with('finalized_at', '2026-03-01T10:00:00+01:00').build(),
      b: invoice()
        .unique('b')
        .with('number', 'FA-2026-002')
        .with('finalized_at', '2026-03-03T10:00:00+01:00')
        .withCustomerField('name', 'boulangerie Dupont')
        .withTaxIds({ type: 'siret', value: '55210055400013' })
        .build(),
      c: invoice()
        .unique('c')
        .with('number', 'FX-100')
        .with('finalized_at', '2026-03-02T10:00:00+01:00')
        .without('due_date')
        .withCustomerField('name', 'Zoé Client')
        .withTaxIds()
        .build(),
    };
    for (const [key, doc] of Object.entries(docs)) {
      const reply = await client.post('/v1/invoices', doc);
      expect(reply.status).toBe(202);
      ids[key] = reply.body.submission_id;
    }
    const note = creditNote().unique('d').with('number', 'AV-2026-001').refunding(docs.a.id).build();
    const reply = await client.post('/v1/credit-notes', note);
    expect(reply.status).toBe(202);
    ids['d'] = reply.body.submission_id;
    // The PA's statuses, written as the PA's path writes them: the latest code is what filters.
    await gateway.database.db.insert(lifecycleStatuses).values([
      { submissionId: ids['a']!, code: 200, occurredAt: new Date('2026-03-01T12:00:00Z') },
      { submissionId: ids['a']!, code: 205, occurredAt: new Date('2026-03-02T12:00:00Z') },
      { submissionId: ids['b']!, code: 210, occurredAt: new Date('2026-03-04T12:00:00Z'), reason: 'Non' },
      // Out of order: older than 210, stays behind it.
      { submissionId: ids['b']!, code: 202, occurredAt: new Date('2026-03-03T12:00:00Z') },
    ]);
    // Every document leaves `received` (native checks): the processing rule is known after.
    for (let waited = 0; (await list({ processingStates: ['RECEIVED'] })).length > 0; waited += 100) {
      if (waited > 30_000) throw new Error('documents still received after 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);
  afterAll(() => gateway?.stop());

  async function page(variables: Record<string, unknown>, as = client) {
    const reply = await as.graphql(LIST, variables);
    expect(reply.body.errors).toBeUndefined();
    return reply.body.data.submissions;
  }
  async function list(filter: Record<string, unknown>, orderBy?: Record<string, unknown>): Promise<string[]> {
    return numbersOf(await page({ filter, orderBy, first: 100 }));
  }
  /** The numbers of a page's nodes, in order. */
  const numbersOf = (connection: { edges: Array<{ node: { number: string } }> }) => connection.edges.map((e) => e.node.number);
  /** Every number in `orderBy`'s order, read three at a time: forwards (first, after) or backwards (last, before). */
  async function pagedNumbers(orderBy: Record<string, unknown>, backwards: boolean): Promise<string[]> {
    const numbers: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const p = await page(backwards ? { orderBy, last: 3, before: cursor } : { orderBy, first: 3, after: cursor });
      if (backwards) numbers.unshift(...numbersOf(p));
      else numbers.push(...numbersOf(p));
      if (!(backwards ? p.pageInfo.hasPreviousPage : p.pageInfo.hasNextPage)) return numbers;
      cursor = backwards ? p.pageInfo.startCursor : p.pageInfo.endCursor;
    }
  }

  it('shows each document with its amounts, currency, buyer, dates and latest status', async () => {
    const edges = (await page({ first: 10 })).edges.map((e: { node: Record<string, any> }) => e.node);
    const byNumber = Object.fromEntries(edges.map((node: Record<string, any>) => [node.number, node]));
    expect(byNumber['FA-2026-001']).toMatchObject({
      currency: 'EUR',
      dueDate: '2026-12-20',
      issueDate: '2026-03-01',
      buyer: { name: 'Atelier Martin SAS', siren: '732829320', vatId: 'FR44732829320' },
      lifecycleStatus: { code: 205 },
    });
    expect(byNumber['FA-2026-002'].buyer).toEqual({ name: 'boulangerie Dupont', siren: '552100554', vatId: null });
    expect(byNumber['FX-100']).toMatchObject({ dueDate: null, buyer: { name: 'Zoé Client', siren: null, vatId: null } });
    // A credit note's buyer is its invoice's.
    expect(byNumber['AV-2026-001']).toMatchObject({ documentType: 'CREDIT_NOTE', buyer: { siren: '732829320' }, dueDate: null });
    for (const node of edges) expect(Date.parse(node.updatedAt)).toBeGreaterThanOrEqual(Date.parse(node.createdAt));
    // The lookup by id says the same.
    const one = await client.graphql(`query { submission(id: "${ids['a']}") { ${FIELDS} } }`);
    expect(one.body.data.submission).toEqual(byNumber['FA-2026-001']);
  });

  it('filters by every criterion', async () => {
    const sorted = async (filter: Record<string, unknown>) => (await list(filter)).sort();
    expect(await sorted({ documentType: 'CREDIT_NOTE' })).toEqual(['AV-2026-001']);
    expect(await sorted({ number: 'FA-2026-001' })).toEqual(['FA-2026-001']);
    expect(await sorted({ numberPrefix: 'FA-2026' })).toEqual(['FA-2026-001', 'FA-2026-002']);
    expect(await sorted({ numberPrefix: 'fa-2026' })).toEqual([]);
    expect(await sorted({ numberPrefix: 'FA_' })).toEqual([]);
    expect(await sorted({ saasId: (await client.get(`/v1/invoices/${ids['c']}`)).body.saas_id })).toEqual(['FX-100']);
    expect(await sorted({ buyerName: 'BOULANGERIE' })).toEqual(['FA-2026-002']);
    expect(await sorted({ buyerName: 'atelier martin' })).toEqual(['AV-2026-001', 'FA-2026-001']);
    expect(await sorted({ buyerSiren: '552100554' })).toEqual(['FA-2026-002']);
    expect(await sorted({ buyer: '732829320' })).toEqual(['AV-2026-001', 'FA-2026-001']);
    expect(await sorted({ buyer: 'Zo' })).toEqual(['FX-100']);
    expect(await sorted({ lifecycleCodes: ['APPROUVEE', 'REFUSEE'] })).toEqual(['FA-2026-001', 'FA-2026-002']);
    expect(await sorted({ lifecycleCodes: ['RECUE'] })).toEqual([]);
    expect(await sorted({ withoutLifecycleStatus: true })).toEqual(['AV-2026-001', 'FX-100']);
    expect(await sorted({ lifecycleCodes: ['REFUSEE'], withoutLifecycleStatus: true })).toEqual(['AV-2026-001', 'FA-2026-002', 'FX-100']);
    expect(await sorted({ issuedFrom: '2026-03-02', issuedTo: '2026-03-02' })).toEqual(['FX-100']);
    expect(await sorted({ processingStates: ['VALIDATED', 'REJECTED'], documentType: 'INVOICE' })).toEqual([
      'FA-2026-001',
      'FA-2026-002',
      'FX-100',
    ]);
    expect(await sorted({ processingRule: 'B2C' })).toEqual(['FX-100']);
    expect(await sorted({ sellerSiren: '900123456', numberPrefix: 'FX' })).toEqual(['FX-100']);
    expect(await sorted({ sellerSiren: '123456789' })).toEqual([]);
    const created = (await page({ filter: { number: 'FA-2026-002' }, first: 1 })).edges[0].node.createdAt as string;
    expect(await sorted({ createdFrom: created })).toEqual(['AV-2026-001', 'FA-2026-002', 'FX-100']);
    expect(await sorted({ createdBefore: created })).toEqual(['FA-2026-001']);
  });

  it('names a wrong argument by its path', async () => {
    for (const [variables, field] of [
      [{ filter: { buyerSiren: '12345' } }, 'filter.buyerSiren'],
      [{ filter: { sellerSiren: 'abc' } }, 'filter.sellerSiren'],
      [{ filter: { numberPrefix: ' ' } }, 'filter.numberPrefix'],
      [{ after: 'not-a-cursor' }, 'after'],
      [{ orderBy: { field: 'NUMBER' }, after: ids['a'] }, 'after'],
    ] as const) {
      const reply = await client.graphql(LIST, { first: 5, ...variables });
      expect(reply.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
  });

  it('pages through every order, both directions, forwards and backwards, without gaps or repeats', async () => {
    const all = (await page({ first: 100 })).edges.map((e: { node: Record<string, string> }) => e.node);
    const keys: Record<string, (n: Record<string, string>) => string> = {
      CREATED_AT: (n) => n.id!,
      ISSUE_DATE: (n) => `${n.issueDate}|${n.id}`,
      NUMBER: (n) => `${Buffer.from(n.number!).toString('hex')}|${n.id}`,
    };
    for (const [field, key] of Object.entries(keys)) {
      for (const direction of ['ASC', 'DESC']) {
        const expected = [...all].sort((x, y) => (key(x) < key(y) ? -1 : 1)).map((n) => n.number);
        if (direction === 'DESC') expected.reverse();
        const orderBy = { field, direction };
        expect(await pagedNumbers(orderBy, false), `${field} ${direction}`).toEqual(expected);
        expect(await pagedNumbers(orderBy, true), `${field} ${direction} backwards`).toEqual(expected);
      }
    }
  });

  it('counts exactly up to the limit, then estimates and says so', async () => {
    expect(await page({ first: 1, filter: { numberPrefix: 'FA' } })).toMatchObject({ totalCount: 2, totalCountExact: true });
    const big = await gateway.tenant();
    const [tenant] = rowsOf<{ id: string }>(await gateway.database.db.execute(sql`select id from tenants where name = ${big.tenantName}`));
    const tenantId = tenant!.id;
    await gateway.database.db.execute(sql`
      insert into submissions (id, tenant_id, document_type, saas_id, number, processing_state, issue_date, body, body_sha256, created_at)
        select gen_random_uuid(), ${tenantId}::uuid, 'invoice', 's' || n, 'N' || n, 'sent', '2026-01-01', '{}', '', now()
        from generate_series(1, ${EXACT_COUNT_LIMIT + 50}) n`);
    // Sent rows: nothing in the pipeline claims them.
    // The planner's estimate comes from the statistics (PGlite's ANALYZE under a running pipeline is not needed: the count never goes below what was counted).
    if (engine === 'postgres') await gateway.database.db.execute(sql`analyze submissions`);
    const counted = await page({ first: 1 }, big);
    expect(counted.totalCountExact).toBe(false);
    expect(counted.totalCount).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(await page({ first: 1, filter: { numberPrefix: 'N1000' } }, big)).toMatchObject({ totalCount: 11, totalCountExact: true });
  });

  it('finds a document by number, of the seller, and says when the type is needed', async () => {
    const q = `query ($number: String!, $sellerSiren: String, $documentType: DocumentType) {
      submissionByNumber(number: $number, sellerSiren: $sellerSiren, documentType: $documentType) { id } }`;
    expect((await client.graphql(q, { number: 'FX-100' })).body.data.submissionByNumber).toEqual({ id: ids['c'] });
    expect((await client.graphql(q, { number: 'FX-100', sellerSiren: '900123456' })).body.data.submissionByNumber).toEqual({
      id: ids['c'],
    });
    expect((await client.graphql(q, { number: 'FX-100', sellerSiren: '123456789' })).body.data.submissionByNumber).toBeNull();
    expect((await client.graphql(q, { number: 'FX-100', documentType: 'CREDIT_NOTE' })).body.data.submissionByNumber).toBeNull();
    expect((await client.graphql(q, { number: 'nope' })).body.data.submissionByNumber).toBeNull();
    const twin = creditNote()
      .unique('t')
      .with('number', 'FX-100')
      .refunding((await client.get(`/v1/invoices/${ids['c']}`)).body.saas_id)
      .build();
    expect((await client.post('/v1/credit-notes', twin)).status).toBe(202);
    const ambiguous = await client.graphql(q, { number: 'FX-100' });
    expect(ambiguous.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'documentType' });
    expect((await client.graphql(q, { number: 'FX-100', documentType: 'INVOICE' })).body.data.submissionByNumber).toEqual({ id: ids['c'] });
    // Another tenant finds nothing.
    const other = await gateway.tenant();
    expect((await other.graphql(q, { number: 'FX-100' })).body.data.submissionByNumber).toBeNull();
  });

  it('lists over REST by number, per document type, paged, and refuses a bad parameter by name', async () => {
    const found = await client.get('/v1/invoices?number=FA-2026-001');
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ data: [expect.objectContaining({ submission_id: ids['a'], number: 'FA-2026-001' })] });
    expect((await client.get('/v1/credit-notes?number=FA-2026-001')).body).toEqual({ data: [] });
    expect((await client.get('/v1/credit-notes?number=AV-2026-001')).body.data[0].origin_submission_id).toBe(ids['a']);
    const first = await client.get('/v1/invoices?limit=2');
    expect(first.body.data).toHaveLength(2);
    const second = await client.get(`/v1/invoices?limit=2&after=${encodeURIComponent(first.body.next_cursor)}`);
    expect([...first.body.data, ...second.body.data].map((r: { number: string }) => r.number)).toEqual([
      'FX-100',
      'FA-2026-002',
      'FA-2026-001',
    ]);
    expect(second.body.next_cursor).toBeUndefined();
    for (const [query, parameter] of [
      ['seller_siren=12', 'seller_siren'],
      ['limit=0', 'limit'],
      ['processing_state=done', 'processing_state'],
      ['after=xyz', 'after'],
      ['number=a&number=b', 'number'],
    ]) {
      const refused = await client.get(`/v1/invoices?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ parameter })]);
    }
    const other = await gateway.tenant();
    expect((await other.get('/v1/invoices?number=FA-2026-001')).body).toEqual({ data: [] });
    expect((await gateway.anonymous().get('/v1/invoices')).status).toBe(401);
  });
});
