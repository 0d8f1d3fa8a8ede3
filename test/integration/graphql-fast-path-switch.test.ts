/** GRAPHQL_FAST_PATH=off (buildApp `graphqlFastPath: false`): every GraphQL request goes through Yoga, with the same answers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../support/gateway.ts';

describe('the GraphQL fast path switched off', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway('pglite', { graphqlFastPath: false });
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  it('answers a plain JSON POST through Yoga, the fast path untouched', async () => {
    const client = await gateway.tenant();
    const reply = await client.graphql('{ submissions(first: 1) { edges { node { id } } } }');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { submissions: { edges: [] } } });
    expect(gateway.graphqlFastPath).toEqual({ answered: 0, delegated: 0 });
  });
});
