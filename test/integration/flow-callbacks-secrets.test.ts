/**
 * A platform token given as a path segment (`POST /pa/v1/flow-callbacks/{token}`)
 * is a secret in a URL: it must reach no log line and no reply. The facade
 * logs a request's path when it answers 500 or 503, so a connector hook that
 * fails makes it log; the line must show `[redacted]` in the token's place.
 * Also: the OpenAPI request schemas of the callback are the GraphQL input
 * types the handler decodes into, in the AFNOR names.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { isInputObjectType, isNonNullType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../rest-facade/openapi/index.ts';
import { schema as graphQLSchema } from '../../src/schema/index.ts';
import { createLogger } from '../../src/lib/logger.ts';
import type { Client } from '../support/client.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import type { Obj } from '../support/openapi.ts';

const FAILING = 'hook-fails';

const flowInfo = (flowId: string) => ({
  flowId,
  submittedAt: '2026-11-24T15:20:02Z',
  updatedAt: '2026-11-24T15:20:02Z',
  flowType: 'CustomerInvoiceLC',
  flowDirection: 'In',
  flowSyntax: 'CDAR',
});

describe.each(engines())('the token in a callback URL on %s', (engine) => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  let gateway: Gateway;
  let platform: Client & { token: string };
  beforeAll(async () => {
    const flowUpdated = (flow: { flowId: string }) => {
      // Breaks the hook's contract on purpose: the unexpected error makes the facade log the request.
      if (flow.flowId === FAILING) throw new Error('connector failure (test)');
    };
    gateway = await startGateway(engine, { log: createLogger('debug', sink), platformHooks: { flowUpdated } });
    platform = await gateway.platform();
  });
  afterAll(() => gateway?.stop());

  it('never appears in a log line or a reply, even when the request is logged', async () => {
    const anonymous = gateway.anonymous();
    const secret = platform.token.slice(17);
    const replies = [
      await anonymous.post(`/pa/v1/flow-callbacks/${platform.token}`, { flowInfo: flowInfo(randomUUID()) }),
      await anonymous.post(`/pa/v1/flow-callbacks/${platform.token}`, { flowInfo: flowInfo(FAILING) }),
      await anonymous.post(`/pa/v1/flow-callbacks/${platform.token}`, { flowInfo: { flowId: 1 } }),
      await anonymous.post(`/pa/v1/flow-callbacks/${platform.token}/extra`, {}),
      await anonymous.post(`/pa/v1/flow-callbacks/${platform.token.slice(0, -1)}`, {}),
      await anonymous.request('GET', `/pa/v1/flow-callbacks/${platform.token}`),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([200, 500, 400, 404, 401, 405]);
    for (const reply of replies) expect(reply.text).not.toContain(secret.slice(0, 20));
    expect(replies[3]!.body.detail).toBe('No endpoint at /pa/v1/flow-callbacks/[redacted]/extra');

    // The failure was logged, with the path, redacted.
    const failed = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'REST request failed');
    expect(failed.map((line) => line.path)).toEqual(['/pa/v1/flow-callbacks/[redacted]']);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(secret.slice(0, 20));
  });
});

describe('the callback schemas of the OpenAPI document', () => {
  const schemas = (openApiDocument as unknown as Obj)['components']['schemas'];
  it.each([
    ['FlowUpdatedInput', 'AfnorFlowCallback'],
    ['FlowInput', 'AfnorFlow'],
    ['FlowAcknowledgementInput', 'AfnorAcknowledgement'],
    ['FlowAcknowledgementDetailInput', 'AfnorAcknowledgementDetail'],
  ])('%s and %s have the same fields, the same required ones, and open objects', (inputName, schemaName) => {
    const input = graphQLSchema.getType(inputName);
    if (!isInputObjectType(input)) throw new Error(`${inputName} is not an input type`);
    const fields = Object.values(input.getFields());
    const schema = schemas[schemaName];
    expect(Object.keys(schema['properties']).sort()).toEqual(fields.map((field) => field.name).sort());
    expect([...schema['required']].sort()).toEqual(
      fields
        .filter((field) => isNonNullType(field.type))
        .map((field) => field.name)
        .sort(),
    );
    expect(schema['additionalProperties']).toBe(true);
  });
});
