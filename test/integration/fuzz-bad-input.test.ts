/**
 * Property: whatever a client puts in a body, the gateway answers with a
 * documented 2xx or 4xx (checked against the OpenAPI document by the test
 * client), never a 500. Each run starts from a valid document and replaces or
 * removes a few values anywhere in it with hostile ones: strings PostgreSQL
 * cannot store (U+0000, unpaired surrogates), impossible dates, huge or
 * fractional numbers, wrong JSON types.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, Reply } from '../support/client.ts';
import { creditNote, invoice, toGraphQLInput } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';

type Segment = string | number;

/** Every path into `value` (objects and arrays included), root excluded. */
function pathsOf(value: unknown, prefix: Segment[] = []): Segment[][] {
  if (value === null || typeof value !== 'object') return [];
  const entries: Array<[Segment, unknown]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

/** `doc` with the value at `path` replaced by `replacement`, or removed when it is undefined. */
function mutate(doc: unknown, path: Segment[], replacement: unknown): void {
  let container = doc as Record<Segment, unknown>;
  for (const segment of path.slice(0, -1)) {
    const next = container[segment];
    if (next === null || typeof next !== 'object') return; // an earlier mutation replaced the way there
    container = next as Record<Segment, unknown>;
  }
  const last = path[path.length - 1]!;
  if (replacement === undefined && !Array.isArray(container)) delete container[last];
  else container[last] = replacement;
}

// Weighted toward the values that have broken the gateway before (a 500 from PostgreSQL on U+0000).
const hostileText = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udc00',
      ' ',
      '',
      'x'.repeat(300),
      '2018-02-30',
      '2026-13-01T00:00:00Z',
      'EUR',
      'FR',
    ),
    weight: 3,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 1 },
);
const hostileValue = fc.oneof(
  { arbitrary: hostileText, weight: 6 },
  fc.integer(),
  fc.constantFrom(2 ** 53, -(2 ** 53), 1e308, 0.5, -1, 0),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** Up to three (path, value) edits on a document shaped like `base`; top-level fields (the ones stored in columns) twice as often. */
function editsOf(base: unknown) {
  const all = pathsOf(base);
  const path = fc.oneof(
    { arbitrary: fc.constantFrom(...all.filter((p) => p.length === 1)), weight: 2 },
    { arbitrary: fc.constantFrom(...all), weight: 1 },
  );
  return fc.array(fc.tuple(path, hostileValue), { minLength: 1, maxLength: 3 });
}

function applyEdits<T>(doc: T, edits: Array<[Segment[], unknown]>): T {
  for (const [path, value] of edits) mutate(doc, path, value);
  return doc;
}

const SUBMIT_INVOICE = /* GraphQL */ `
  mutation ($input: InvoiceInput!) {
    submitInvoice(input: $input) {
      __typename
      ... on ValidationFailed { issues { path rule } }
      ... on InvalidArguments { issues { path } }
    }
  }
`;

function expectDocumented(reply: Reply, allowed: number[]): void {
  expect(allowed, `status ${reply.status}: ${reply.text.slice(0, 300)}`).toContain(reply.status);
  if (reply.status >= 400) expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
}

// FUZZ_RUNS=5000 npm test -- fuzz-bad-input searches longer.
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

/** POSTs `base()` to `path` with hostile edits, RUNS times; every reply must be one of `allowed`, as documented. */
function fuzzPost(sender: Client, path: string, base: () => unknown, allowed: number[]): Promise<void> {
  return fc.assert(
    fc.asyncProperty(editsOf(base()), async (edits) => {
      expectDocumented(await sender.post(path, applyEdits(base(), edits)), allowed);
    }),
    { numRuns: RUNS },
  );
}

describe.each(engines())('hostile bodies never get a 500 (%s)', (engine) => {
  let gateway: Gateway;
  let client: Client;
  let platform: Client;
  let submittedInvoiceId: string;
  let submissionId: string;
  beforeAll(async () => {
    gateway = await startGateway(engine);
    client = await gateway.tenant();
    platform = await gateway.platform();
    const first = invoice().unique().build();
    const reply = await client.post('/v1/invoices', first);
    expect(reply.status).toBe(202);
    submittedInvoiceId = first.id;
    submissionId = reply.body.submission_id;
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  it('POST /v1/invoices', async () => {
    await fuzzPost(client, '/v1/invoices', () => invoice().unique().build(), [202, 400, 409, 422]);
  });

  it('GraphQL submitInvoice: a typed result or a GraphQL error, never an internal one', async () => {
    const base = () => toGraphQLInput(invoice().unique().build());
    await fc.assert(
      fc.asyncProperty(editsOf(base()), async (edits) => {
        const reply = await client.graphql(SUBMIT_INVOICE, { input: applyEdits(base(), edits) });
        expect([200, 400], reply.text.slice(0, 300)).toContain(reply.status);
        const codes = (reply.body.errors ?? []).map((error: { extensions?: { code?: string } }) => error.extensions?.code);
        expect(codes, reply.text.slice(0, 300)).not.toContain('INTERNAL_SERVER_ERROR');
        if (!reply.body.errors)
          expect(reply.body.data.submitInvoice.__typename).toMatch(
            /^(SubmissionAccepted|ValidationFailed|InvalidArguments|DuplicateSubmission)$/,
          );
      }),
      // Coercion refuses most wrong types before anything runs: twice the runs to reach the resolver as often.
      { numRuns: RUNS * 2 },
    );
  });

  it('POST /v1/credit-notes', async () => {
    await fuzzPost(client, '/v1/credit-notes', () => creditNote().unique().refunding(submittedInvoiceId).build(), [202, 400, 409, 422]);
  });

  it('POST /pa/v1/lifecycle-events', async () => {
    const base = () => ({
      submission_id: submissionId,
      code: 201,
      occurred_at: '2026-03-01T10:00:00+01:00',
      event_id: randomUUID(),
      reason: 'r',
      reason_code: 'c',
    });
    await fuzzPost(platform, '/pa/v1/lifecycle-events', base, [200, 201, 400, 422]);
  });

  it('POST /v1/webhook-endpoints', async () => {
    // Its own tenant, so the endpoints it registers send nothing for the submissions above.
    const owner = await gateway.tenant();
    const base = () => ({ url: 'http://127.0.0.1:9/hook', event_types: ['submission.received'], description: 'd' });
    await fuzzPost(owner, '/v1/webhook-endpoints', base, [201, 400, 422]);
  });
});
