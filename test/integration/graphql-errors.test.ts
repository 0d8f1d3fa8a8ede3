/**
 * GraphQL errors a client can act on (issue "a newcomer's first hour"): an
 * input error names the field by its path in the client's own input, in the
 * message and in `extensions.field`, the same on the fast path and through
 * Yoga; an impossible date says it does not exist (REST too); an invalid
 * cursor is an error, not an empty page.
 */
import { describe, expect, it } from 'vitest';
import { invoice, toGraphQLInput } from '../support/documents.ts';
import type { Client } from '../support/client.ts';
import type { Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';

const SUBMIT = 'mutation ($input: InvoiceInput!) { submitInvoice(input: $input) { __typename } }';

describe('GraphQL errors a client can act on', () => {
  let gateway: Gateway, tenant: Client;
  suiteGateway('pglite', (started) => ({ gateway, tenant } = started), { clients: ['tenant'] });

  /** POSTs a GraphQL request; `chunked` sends it without a Content-Length, so Yoga answers it rather than the fast path. */
  async function graphql(variables: Record<string, unknown>, chunked: boolean, query = SUBMIT) {
    const body = JSON.stringify({ query, variables });
    const reply = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: tenant.authorization! },
      body: chunked ? new Blob([body]).stream() : body,
      duplex: 'half',
    } as RequestInit);
    return (await reply.json()) as { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
  }

  function inputWith(edit: (input: Record<string, any>) => void): Record<string, any> {
    const input = toGraphQLInput(invoice().unique().build()) as Record<string, any>;
    edit(input);
    return input;
  }

  it.each([
    ['the fast path', false],
    ['Yoga', true],
  ])('names a wrong value by its path in the input, on %s', async (_path, chunked) => {
    const input = inputWith((value) => {
      value.lines[0].unitAmount = 49.5;
    });
    const reply = await graphql({ input }, chunked);
    expect(reply.errors).toEqual([
      {
        message: 'input.lines[0].unitAmount: SafeInt cannot represent non-integer value: 49.5',
        extensions: { code: 'BAD_USER_INPUT', field: 'input.lines[0].unitAmount' },
      },
    ]);
  });

  it('names every faulty field, and a missing required variable, never an internal name', async () => {
    const input = inputWith((value) => {
      value.lines[0].quantity = 'two';
      value.customerSnapshot.billingAddress = 'Lyon';
    });
    const reply = await graphql({ input }, false);
    expect(reply.errors?.map((error) => error.extensions?.field).sort()).toEqual([
      'input.customerSnapshot.billingAddress',
      'input.lines[0].quantity',
    ]);
    const missing = await graphql({}, false);
    expect(missing.errors?.[0]).toMatchObject({ message: 'input: a value is required', extensions: { field: 'input' } });
    expect(JSON.stringify([reply, missing])).not.toMatch(/\$(lines|unitAmount|quantity)/);
  });

  it('says that an impossible date does not exist, over GraphQL and REST', async () => {
    const reply = await graphql({ input: inputWith((value) => void (value.dueDate = '2026-02-30')) }, false);
    expect(reply.errors?.[0]?.message).toBe('input.dueDate: 2026-02-30 is not a date that exists');
    const tenant = await gateway.tenant();
    const rest = await tenant.post('/v1/invoices', { ...invoice().unique().build(), created_at: '2026-02-29T10:00:00Z' });
    expect(rest.status).toBe(400);
    expect(rest.body.errors).toEqual([{ path: '/created_at', message: '2026-02-29 is not a date that exists' }]);
  });

  it('answers an invalid cursor with an error naming the argument, not an empty page', async () => {
    const reply = await graphql({}, false, '{ submissions(first: 1, after: "zzz") { edges { node { id } } } }');
    expect(reply.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'after', field: 'after' });
  });
});
