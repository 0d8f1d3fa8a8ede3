/**
 * The conformance checker of `test/support/openapi.ts`, on hand-made replies:
 * it accepts documented ones and rejects each kind of mismatch, so the live
 * suites can trust a pass.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Reply } from '../support/client.ts';
import {
  assertConformsToOpenApi,
  conforms,
  CREDIT_NOTES,
  INVOICES,
  LIFECYCLE_EVENTS,
  STATUSES,
  WEBHOOK_ENDPOINT,
} from '../support/openapi.ts';

describe('conformance checker', () => {
  const record = {
    submission_id: '01a203fd-8d9e-74ad-9bca-5b1160a39578',
    saas_id: 'ubl_guide-example1',
    number: '12115118',
    processing_state: 'received',
    created_at: '2026-11-22T16:01:18.238Z',
  };
  const reply = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
    status,
    headers: new Headers({
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': randomUUID(),
      location: `/v1/invoices/${record.submission_id}`,
      ...headers,
    }),
    body,
    text: JSON.stringify(body),
  });

  it('accepts a documented 202', () => {
    expect(() => assertConformsToOpenApi(reply(202, record), 'post', INVOICES)).not.toThrow();
  });

  it('rejects a 202 body without submission_id', () => {
    const { submission_id: _omitted, ...body } = record;
    expect(() => assertConformsToOpenApi(reply(202, body), 'post', INVOICES)).toThrow(/submission_id/);
  });

  it('rejects an undocumented status, field, media type or missing header', () => {
    expect(() => assertConformsToOpenApi(reply(418, record), 'post', INVOICES)).toThrow(/status 418 is not documented/);
    expect(() => assertConformsToOpenApi(reply(202, { ...record, extra: 1 }), 'post', INVOICES)).toThrow(/additional properties/);
    expect(() => assertConformsToOpenApi(reply(202, record, { 'content-type': 'text/plain' }), 'post', INVOICES)).toThrow(
      /Content-Type text\/plain is not documented/,
    );
    const noLocation = reply(202, record);
    noLocation.headers.delete('location');
    expect(() => assertConformsToOpenApi(noLocation, 'post', INVOICES)).toThrow(/required header Location is missing/);
    expect(() => assertConformsToOpenApi(reply(200, record), 'get', '/v1/nowhere')).toThrow(/no operation/);
  });

  it('tells a lifecycle event reply by its status: duplicate true is 200, false is 201', () => {
    const entry = { submission_id: record.submission_id, code: 205, label: 'Approuvée', occurred_at: '2015-01-09T10:20:00.000Z' };
    const check = (status: number, body: unknown) => () => assertConformsToOpenApi(reply(status, body), 'post', LIFECYCLE_EVENTS);
    expect(check(201, { ...entry, duplicate: false })).not.toThrow();
    expect(check(200, { ...entry, duplicate: true })).not.toThrow();
    expect(check(201, { ...entry, duplicate: true })).toThrow(/const/);
    expect(check(200, entry)).toThrow(/duplicate/);
    expect(check(201, { ...entry, duplicate: false, flags: [] })).toThrow(/fewer than 1/);
  });

  it('checks PATCH and DELETE replies too: a secret in a PATCH reply, a body on a 204', () => {
    const endpoint = {
      id: '01a2043a-3989-755b-a495-0ec159a8c59b',
      url: 'https://hooks.example.com/passerelle',
      event_types: ['submission.received'],
      enabled: true,
      created_at: '2026-11-22T17:07:34.416Z',
      updated_at: '2026-11-22T17:07:34.416Z',
    };
    expect(() => conforms(reply(200, endpoint), 'patch', WEBHOOK_ENDPOINT)).not.toThrow();
    expect(() => conforms(reply(200, { ...endpoint, secret: `whsec_${'A'.repeat(43)}=` }), 'patch', WEBHOOK_ENDPOINT)).toThrow(
      /additional properties/,
    );
    const noContent: Reply = { status: 204, headers: new Headers({ 'x-request-id': randomUUID() }), body: undefined, text: '' };
    expect(() => conforms(noContent, 'delete', WEBHOOK_ENDPOINT)).not.toThrow();
    expect(() => conforms({ ...noContent, text: '{}' }, 'delete', WEBHOOK_ENDPOINT)).toThrow(/none is documented/);
  });

  it('rejects an unknown or empty flags list, and a rule of the other endpoint', () => {
    const entry = { code: 205, label: 'Approuvée', final: false, occurred_at: '2015-01-09T10:20:00.000Z' };
    const history = (flags: unknown) => () => assertConformsToOpenApi(reply(200, { data: [{ ...entry, flags }] }), 'get', STATUSES);
    expect(history(['AFTER_FINAL_STATUS'])).not.toThrow();
    expect(history(['LATE'])).toThrow(/allowed values/);
    expect(history([])).toThrow(/fewer than 1/);
    const invalid = (template: string, rule: string, path: string) => () => {
      const problem = {
        type: 'urn:einvoicing:problem:validation-failed',
        title: 'Validation failed',
        status: 422,
        detail: `${path} x`,
        errors: [{ path, rule, message: 'x' }],
      };
      const headers = { 'content-type': 'application/problem+json; charset=utf-8' };
      assertConformsToOpenApi(reply(422, problem, headers), 'post', template);
    };
    expect(invalid(CREDIT_NOTES, 'BR-05', '/currency')).not.toThrow();
    expect(invalid(CREDIT_NOTES, 'GW-LIFECYCLE-CODE', '/code')).toThrow(/allowed values/);
    expect(invalid(LIFECYCLE_EVENTS, 'GW-LIFECYCLE-CODE', '/code')).not.toThrow();
    expect(invalid(LIFECYCLE_EVENTS, 'BR-05', '/currency')).toThrow(/allowed values/);
  });
});
