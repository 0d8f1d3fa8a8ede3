/**
 * The Flow Service 1.1.0 webhook callback, `POST /pa/v1/flow-callbacks` (the
 * platform token in the Authorization header) and `POST
 * /pa/v1/flow-callbacks/{token}` (in the path), over real HTTP on both
 * engines: the PA connector's hook gets the flow; tenant tokens, missing or
 * bad ones, and bad bodies are refused before it. Every reply is also checked
 * against the OpenAPI document by the test client.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow } from '../../src/platform/afnor/types.ts';
import type { PlatformHooks } from '../../src/platform/hooks.ts';
import type { Client } from '../support/client.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';

const CALLBACKS = '/pa/v1/flow-callbacks';

/** An outgoing flow's acknowledgement as a PA sends it, with a new flowId; `overrides` win. */
function callback(overrides: Record<string, unknown> = {}) {
  return {
    flowInfo: {
      flowId: randomUUID(),
      submittedAt: '2026-11-24T15:11:31Z',
      updatedAt: '2026-11-24T15:11:33+01:00',
      trackingId: '01a203fd-8d9e-74ad-9bca-5b1160a39578',
      flowType: 'CustomerInvoice',
      flowDirection: 'Out',
      flowSyntax: 'UBL',
      flowProfile: 'CIUS',
      acknowledgement: { status: 'Ok' },
      ...overrides,
    },
  };
}

describe.each(engines())('flow callbacks on %s', (engine) => {
  let gateway: Gateway;
  let platform: Client & { token: string };
  let tenant: Client & { token: string };
  const flows: Flow[] = [];
  const hooks: PlatformHooks = { flowUpdated: (flow) => void flows.push(flow) };
  const received = (flowId: string) => flows.filter((flow) => flow.flowId === flowId);

  beforeAll(async () => {
    gateway = await startGateway(engine, { platformHooks: hooks });
    platform = await gateway.platform();
    tenant = await gateway.tenant();
  });
  afterAll(() => gateway?.stop());

  it('hands the flow to the connector with the token in the header: 200 { flowId, received }', async () => {
    const body = callback({
      processingRule: 'B2B',
      processingRuleSource: null,
      acknowledgement: {
        status: 'Error',
        details: [{ level: 'Error', item: 'file', reasonCode: 'ChecksumMismatch', reasonMessage: 'sha256 differs', extra: 1 }],
      },
      unknownField: { ignored: true },
    });
    const reply = await platform.post(CALLBACKS, { ...body, alsoIgnored: 1 });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ flowId: body.flowInfo.flowId, received: true });
    // Unknown fields and nulls are not passed on: the hook gets the connector's Flow type.
    expect(received(body.flowInfo.flowId)).toEqual([
      {
        flowId: body.flowInfo.flowId,
        submittedAt: '2026-11-24T15:11:31Z',
        updatedAt: '2026-11-24T15:11:33+01:00',
        trackingId: '01a203fd-8d9e-74ad-9bca-5b1160a39578',
        flowType: 'CustomerInvoice',
        processingRule: 'B2B',
        flowDirection: 'Out',
        flowSyntax: 'UBL',
        flowProfile: 'CIUS',
        acknowledgement: {
          status: 'Error',
          details: [{ level: 'Error', item: 'file', reasonCode: 'ChecksumMismatch', reasonMessage: 'sha256 differs' }],
        },
      },
    ]);
  });

  it('takes the platform token as a path segment, whatever Authorization header comes with it', async () => {
    const incoming = callback({ flowType: 'CustomerInvoiceLC', flowDirection: 'In', flowSyntax: 'CDAR', trackingId: undefined });
    const bare = await gateway.anonymous().post(`${CALLBACKS}/${platform.token}`, incoming);
    expect(bare.status).toBe(200);
    expect(received(incoming.flowInfo.flowId)).toEqual([
      expect.objectContaining({ flowDirection: 'In', flowType: 'CustomerInvoiceLC', flowSyntax: 'CDAR' }),
    ]);
    expect(received(incoming.flowInfo.flowId)[0]).not.toHaveProperty('trackingId');
    const withHeader = callback();
    const reply = await gateway.anonymous('Basic cGE6c2VjcmV0').post(`${CALLBACKS}/${platform.token}`, withHeader);
    expect(reply.status).toBe(200);
    expect(received(withHeader.flowInfo.flowId)).toHaveLength(1);
  });

  it('refuses a tenant token (403), a missing or bad one (401), in the header or the path; the hook is not called', async () => {
    const before = flows.length;
    const body = callback();
    const unknownPlatform = `plt_000000000000_${'A'.repeat(43)}`;
    const cases: Array<[string, Promise<{ status: number; body: any; headers: Headers }>, number]> = [
      ['tenant, header', tenant.post(CALLBACKS, body), 403],
      ['tenant, path', gateway.anonymous().post(`${CALLBACKS}/${tenant.token}`, body), 403],
      ['no token', gateway.anonymous().post(CALLBACKS, body), 401],
      ['unknown platform token, header', gateway.anonymous(`Bearer ${unknownPlatform}`).post(CALLBACKS, body), 401],
      ['unknown platform token, path', gateway.anonymous().post(`${CALLBACKS}/${unknownPlatform}`, body), 401],
      ['malformed token, path', gateway.anonymous(`Bearer ${platform.token}`).post(`${CALLBACKS}/not-a-token`, body), 401],
    ];
    for (const [label, sent, status] of cases) {
      const reply = await sent;
      expect(reply.status, label).toBe(status);
      if (status === 403) expect(reply.body.detail, label).toBe('This operation needs a platform credential');
      if (status === 401) expect(reply.headers.get('www-authenticate'), label).toMatch(/^Bearer realm="passerelle"/);
    }
    expect((await gateway.anonymous().post(`${CALLBACKS}/${unknownPlatform}`, body)).body.detail).toBe(
      'The token in the path is invalid or revoked',
    );
    expect(flows.length).toBe(before);
  });

  it('answers 400 naming each faulty field by JSON pointer, and does not call the hook', async () => {
    const before = flows.length;
    const { flowId: _flowId, ...withoutFlowId } = callback().flowInfo;
    const structure = await platform.post(CALLBACKS, { flowInfo: { ...withoutFlowId, flowDirection: 1, updatedAt: '24/11/2026' } });
    expect(structure.status).toBe(400);
    // Fields in the schema's (alphabetical) order.
    expect(structure.body.errors).toEqual([
      { path: '/flowInfo/flowDirection', message: 'must be a string' },
      { path: '/flowInfo/flowId', message: 'is required' },
      { path: '/flowInfo/updatedAt', message: 'must be an RFC 3339 date-time with an offset, e.g. 2015-01-09T00:00:00Z' },
    ]);
    const values = await platform.post(
      CALLBACKS,
      callback({
        flowId: 'f'.repeat(37),
        flowDirection: 'Sideways',
        flowSyntax: 'PDF',
        acknowledgement: { status: 'Done', details: [{ level: 'Info', item: 'x', reasonCode: 'y', reasonMessage: 'z' }] },
      }),
    );
    expect(values.status).toBe(400);
    expect(values.body.errors).toEqual([
      { path: '/flowInfo/flowId', message: 'must be 1 to 36 characters, not blank' },
      { path: '/flowInfo/flowDirection', message: 'must be one of In, Out' },
      { path: '/flowInfo/flowSyntax', message: 'must be one of CII, UBL, Factur-X, CDAR, FRR' },
      { path: '/flowInfo/acknowledgement/status', message: 'must be one of Pending, Ok, Error' },
      { path: '/flowInfo/acknowledgement/details/0/level', message: 'must be one of Error, Warning' },
    ]);
    const others: Array<[unknown, string[]]> = [
      [{}, ['/flowInfo']],
      [null, ['']],
      [{ flowInfo: [] }, ['/flowInfo']],
      [callback({ acknowledgement: { details: [null] } }), ['/flowInfo/acknowledgement/details/0', '/flowInfo/acknowledgement/status']],
    ];
    for (const [body, pointers] of others) {
      const reply = await platform.post(CALLBACKS, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.errors.map((e: { path: string }) => e.path)).toEqual(pointers);
    }
    expect((await platform.post(CALLBACKS, callback(), { headers: { 'content-type': 'text/plain' } })).status).toBe(400);
    expect((await platform.post(CALLBACKS, undefined, { raw: '{"flowInfo":' })).status).toBe(400);
    expect((await platform.post(CALLBACKS, undefined, { raw: ' '.repeat(1024 * 1024 + 1) })).status).toBe(413);
    // The path route reads the body the same way.
    expect((await gateway.anonymous().post(`${CALLBACKS}/${platform.token}`, {})).status).toBe(400);
    expect(flows.length).toBe(before);
  });

  it('runs as the notifyFlowUpdated mutation over GraphQL, for platform principals only', async () => {
    const mutation = /* GraphQL */ `
      mutation ($input: FlowUpdatedInput!) {
        notifyFlowUpdated(input: $input) { __typename ... on FlowUpdateReceived { flowId } }
      }
    `;
    const body = callback();
    const accepted = await platform.graphql(mutation, { input: body });
    expect(accepted.body.data?.notifyFlowUpdated).toEqual({ __typename: 'FlowUpdateReceived', flowId: body.flowInfo.flowId });
    expect(received(body.flowInfo.flowId)).toHaveLength(1);
    const refused = await tenant.graphql(mutation, { input: callback() });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
