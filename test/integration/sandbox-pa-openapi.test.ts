/**
 * The sandbox PA's answers against the official Flow Service 1.1.0 OpenAPI schemas (sandbox-pa/spec/): every body
 * validates (ajv) and uses only the property names the schemas define.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import formatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPa, type SandboxPa } from '../../sandbox-pa/src/index.ts';

type Schema = { properties?: Record<string, unknown>; allOf?: Schema[]; $ref?: string };
const spec = JSON.parse(readFileSync(new URL('../../sandbox-pa/spec/AFNOR-Flow_Service-1.1.0-swagger.json', import.meta.url), 'utf8'));
// ReasonCode is oneOf [enum, string]: a listed code matches both branches, which oneOf refuses; the intent is anyOf.
spec.components.schemas.ReasonCode = { anyOf: spec.components.schemas.ReasonCode.oneOf };
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv) => void;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(spec, 'flow-service');

function check(schemaName: string, body: unknown): void {
  const validate = ajv.getSchema(`flow-service#/components/schemas/${schemaName}`)!;
  expect({ schemaName, valid: validate(body), errors: validate.errors ?? null }).toEqual({ schemaName, valid: true, errors: null });
}

/** The property names a schema allows (allOf and $ref followed). */
function names(schema: Schema): string[] {
  if (schema.$ref) return names(spec.components.schemas[schema.$ref.split('/').pop()!]);
  return [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap(names)];
}
function onlyKnownNames(schemaName: string, body: Record<string, unknown>): void {
  const unknown = Object.keys(body).filter((key) => !names(spec.components.schemas[schemaName]).includes(key));
  expect({ schemaName, unknown }).toEqual({ schemaName, unknown: [] });
}

let sandbox: SandboxPa;
let base: string;
let auth: Record<string, string>;
beforeAll(async () => {
  sandbox = createSandboxPa({ clientId: 'c', clientSecret: 's', stepMs: 5 });
  base = `${(await sandbox.listen(0)).url}/flow-service/v1`;
  const token = await fetch(`${base.replace('/flow-service/v1', '')}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('c:s').toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  auth = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
});
afterAll(() => sandbox.close());

describe('sandbox PA answers match the OpenAPI', () => {
  it('createFlow 202, search, getFlow Metadata, and the errors', async () => {
    const ubl = readFileSync(new URL('../../artefacts/examples/en16931-ubl/ubl-tc434-example1.xml', import.meta.url));
    for (const sha256 of [undefined, '0'.repeat(64)]) {
      const form = new FormData();
      form.append(
        'flowInfo',
        JSON.stringify({ flowSyntax: 'UBL', flowProfile: 'CIUS', processingRule: 'B2B', trackingId: 'oa-1', name: 'a.xml', sha256 }),
      );
      form.append('file', new Blob([Uint8Array.from(ubl)]), 'a.xml');
      const created = await fetch(`${base}/flows`, { method: 'POST', headers: auth, body: form });
      expect(created.status).toBe(202);
      const body = await created.json();
      check('FullFlowInfo', body);
      onlyKnownNames('FullFlowInfo', body);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const search = async (where: object) => {
      const answer = await fetch(`${base}/flows/search`, { method: 'POST', headers: auth, body: JSON.stringify({ limit: 100, where }) });
      expect(answer.status).toBe(200);
      return (await answer.json()) as { results: Array<Record<string, unknown>> };
    };
    const all = [...(await search({ flowDirection: ['Out'] })).results, ...(await search({ flowDirection: ['In'] })).results];
    expect(all.map((flow) => (flow['acknowledgement'] as { status: string }).status).sort()).toEqual([
      'Error',
      'Ok',
      'Ok',
      'Ok',
      'Ok',
      'Ok',
      'Ok',
      'Ok',
    ]);
    check('SearchFlowContent', await search({ trackingId: 'oa-1' }));
    for (const flow of all) {
      check('Flow', flow);
      onlyKnownNames('Flow', flow);
      const metadata = await (await fetch(`${base}/flows/${flow['flowId']}?docType=Metadata`, { headers: auth })).json();
      expect(metadata).toEqual(flow);
    }
    for (const [url, init, status] of [
      [`${base}/flows/search`, { method: 'POST', body: '{}' }, 401],
      [`${base}/flows/search`, { method: 'POST', headers: auth, body: '{"where":{}}' }, 400],
      [`${base}/flows/nope`, { headers: auth }, 404],
      [`${base}/flows/nope?docType=Pdf`, { headers: auth }, 400],
    ] as const) {
      const answer = await fetch(url, init);
      expect(answer.status).toBe(status);
      const error = await answer.json();
      check('Error', error);
      onlyKnownNames('Error', error);
    }
  });
});
