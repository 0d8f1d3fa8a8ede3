/**
 * Live replies of POST /pa/v1/lifecycle-events, the platform's endpoint,
 * conform to the OpenAPI document: recorded, duplicate, and every refusal.
 */
import { describe, expect, it } from 'vitest';
import type { Client, Reply, SendOptions } from '../support/client.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { type SuiteGateway, suiteGateway } from '../support/suite-gateway.ts';
import { assertConformsToOpenApi, INVOICES, LIFECYCLE_EVENTS, type Obj } from '../support/openapi.ts';
import { freshInvoice, lifecycleEvent, recordedStatus, unknownId } from '../support/openapi-requests.ts';

describe.each(engines())('live replies conform to the document (%s)', (engine) => {
  let gateway: Gateway, client: SuiteGateway['tenant'], platform: Client;
  suiteGateway(engine, (started) => ({ gateway, tenant: client, platform } = started), { clients: ['tenant', 'platform'] });

  it('POST /pa/v1/lifecycle-events: 201, 200 (duplicate), 400, 401, 403, 413 and 422 conform', async () => {
    const first = (await client.post(INVOICES, freshInvoice())).body.submission_id as string;
    const second = (await client.post(INVOICES, freshInvoice())).body.submission_id as string;
    const event = lifecycleEvent(first, { code: 210, reason_code: 'R-42' });

    const created = await platform.post(LIFECYCLE_EVENTS, event);
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      recordedStatus(first, {
        code: 210,
        label: 'Refusée',
        final: true,
        occurred_at: '2015-01-09T10:15:00.000Z',
        reason_code: 'R-42',
        flags: ['REASON_MISSING'],
      }),
    );
    assertConformsToOpenApi(created, 'post', LIFECYCLE_EVENTS);
    const again = await platform.post(LIFECYCLE_EVENTS, { ...event, code: 211 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...created.body, duplicate: true });
    assertConformsToOpenApi(again, 'post', LIFECYCLE_EVENTS);

    const post = (sender: Client, body: unknown, options?: SendOptions) => sender.post(LIFECYCLE_EVENTS, body, options);
    const unknownPlatform = gateway.anonymous(`Bearer plt_000000000000_${'A'.repeat(43)}`);
    const cases: Array<[string, () => Promise<Reply>, number, string[]?]> = [
      [
        '422 code and date',
        () => post(platform, lifecycleEvent(first, { code: 215, occurred_at: '2015-01-09T11:15:00' })),
        422,
        ['GW-LIFECYCLE-CODE', 'GW-DATE-TIME'],
      ],
      [
        '422 every value',
        () => post(platform, { submission_id: 'nope', code: 1, occurred_at: 'x', event_id: ' ' }),
        422,
        ['GW-LIFECYCLE-CODE', 'GW-DATE-TIME', 'GW-EVENT-ID', 'GW-SUBMISSION-UNKNOWN'],
      ],
      ['422 unknown submission', () => post(platform, lifecycleEvent(unknownId())), 422, ['GW-SUBMISSION-UNKNOWN']],
      ['422 integer submission id', () => post(platform, lifecycleEvent(first, { submission_id: 123 })), 422, ['GW-SUBMISSION-UNKNOWN']],
      ['422 event id too long', () => post(platform, lifecycleEvent(first, { event_id: 'e'.repeat(256) })), 422, ['GW-EVENT-ID']],
      ['422 event id reused', () => post(platform, { ...event, submission_id: second }), 422, ['GW-EVENT-ID-REUSED']],
      ['400 types', () => post(platform, { submission_id: first, code: '200', occurred_at: 1, reason: false }), 400],
      ['400 null body', () => post(platform, null), 400],
      ['400 content type', () => post(platform, event, { headers: { 'content-type': 'text/plain' } }), 400],
      ['400 not JSON', () => post(platform, undefined, { raw: '{"code":' }), 400],
      ['413', () => post(platform, undefined, { raw: ' '.repeat(1024 * 1024 + 1) }), 413],
      ['401 no token', () => post(gateway.anonymous(), event), 401],
      ['401 unknown platform token', () => post(unknownPlatform, event), 401],
      ['403 tenant token', () => post(client, lifecycleEvent(second)), 403],
      ['403 tenant token, out-of-range code', () => post(client, lifecycleEvent(second, { code: 999 })), 403],
    ];
    for (const [label, send, status, rules] of cases) {
      const reply = await send();
      expect(reply.status, label).toBe(status);
      if (rules)
        expect(
          reply.body.errors.map((error: Obj) => error.rule),
          label,
        ).toEqual(rules);
      assertConformsToOpenApi(reply, 'post', LIFECYCLE_EVENTS);
    }
    // Nothing but the first event was recorded.
    expect((await client.get(`/v1/invoices/${first}/statuses`)).body.data).toHaveLength(1);
    expect((await client.get(`/v1/invoices/${second}/statuses`)).body.data).toEqual([]);
  });
});
