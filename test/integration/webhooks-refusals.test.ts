/**
 * Where webhooks may not go: registration refuses http URLs, private,
 * loopback and link-local addresses, and names that resolve to them, unless
 * the development setting (WEBHOOK_ALLOW_PRIVATE_URLS) allows them, which this
 * gateway does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupFn } from '../../src/webhooks/url-policy.ts';
import type { Client } from '../support/client.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import { endpointOf, gql } from '../support/webhook-api.ts';

describe.each(engines())('webhook URL refusals on %s', (engine) => {
  let gateway: Gateway;
  // internal.example: a public-looking name that resolves inside the network.
  const lookup: LookupFn = async (host) =>
    host === 'internal.example' ? [{ address: '10.20.30.40', family: 4 }] : [{ address: '93.184.215.14', family: 4 }];

  beforeAll(async () => {
    // No delivery here (workers: 0), so the shared test database will do.
    gateway = await startGateway(engine, { webhooks: { allowPrivateUrls: false, workers: 0, lookup } });
  });
  afterAll(() => gateway?.stop());

  const CREATE = `mutation ($input: WebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      __typename
      ... on ValidationFailed { issues { path rule message } }
      ... on WebhookEndpointCreated { endpoint { id url } }
    }
  }`;
  const create = (client: Client, url: string) => gql(client, CREATE, { input: { url, eventTypes: ['submission.received'] } });

  it.each([
    ['an http URL', 'http://example.com/hooks', /https/],
    ['a loopback address', 'https://127.0.0.1/x', /127\.0\.0\.1 is not a public address/],
    ['a private address', 'https://10.0.0.1/x', /10\.0\.0\.1 is not a public address/],
    ['an IPv6 loopback', 'https://[::1]/x', /not a public address/],
    ['the link-local metadata address', 'https://169.254.169.254/latest/meta-data', /not a public address/],
    ['localhost', 'https://localhost/x', /local or internal/],
    [
      'a name that resolves to a private address',
      'https://internal.example/x',
      /internal\.example resolves to an address that is not public/,
    ],
  ])('refuses %s', async (_name, url, message) => {
    const client = await gateway.tenant();
    expect(await create(client, url)).toEqual({
      __typename: 'ValidationFailed',
      issues: [{ path: '/input/url', rule: 'GW-WEBHOOK-URL', message: expect.stringMatching(message) }],
    });
    expect(await gql(client, 'query { webhookEndpoints { id } }')).toEqual([]);
  });

  it('accepts an https URL whose name resolves to a public address, and refuses to move it to a private one', async () => {
    const client = await gateway.tenant();
    const created = await create(client, 'https://hooks.example/passerelle');
    expect(created).toMatchObject({ __typename: 'WebhookEndpointCreated', endpoint: { url: 'https://hooks.example/passerelle' } });
    const moved = await gql(
      client,
      'mutation ($id: ID!, $url: String!) { updateWebhookEndpoint(id: $id, input: { url: $url }) { __typename ... on ValidationFailed { issues { path rule } } } }',
      { id: created.endpoint.id, url: 'https://internal.example/x' },
    );
    expect(moved).toEqual({ __typename: 'ValidationFailed', issues: [{ path: '/input/url', rule: 'GW-WEBHOOK-URL' }] });
    expect((await endpointOf(client, created.endpoint.id)).url).toBe('https://hooks.example/passerelle');
  });
});
