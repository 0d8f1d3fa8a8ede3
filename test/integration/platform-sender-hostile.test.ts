/**
 * The PA sender against a hostile fake Flow Service (test/support/flow-fakes.ts), on each engine: 429 with
 * Retry-After and 500 are retried (as late as asked, with backoff), a createFlow accepted but never answered is
 * found by trackingId instead of sent twice, a request dropped before anything was created is sent again, a 400
 * rejects the document with the PA's errorCode, and two senders on one database never send a document twice.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import type { Script } from '../support/flow-fakes.ts';
import { engines, openTestDatabase } from '../support/gateway.ts';
import { until, useSenderHarness } from '../support/sender-harness.ts';

describe.each(engines())('PA sender against a hostile Flow Service on %s', (engine) => {
  const h = useSenderHarness(engine);

  it('429 with Retry-After, then 202: waits as long as asked, shows the failure meanwhile, then sent', async () => {
    const headers = { 'retry-after': '2' };
    const { id, number } = await h.submit({
      replies: [{ kind: 'status', status: 429, body: { errorCode: 'TOO_MANY_REQUESTS' }, headers }],
    });
    h.run();
    const waiting = await until(
      () => h.delivery(id),
      (d) => d?.platformDelivery?.lastError != null,
    );
    expect(waiting).toMatchObject({
      processingState: 'VALIDATED',
      platformDelivery: { flowId: null, attempts: 1, lastError: 'createFlow: HTTP 429 (Retry-After 2000 ms)', acknowledgement: null },
    });
    expect(Date.parse(waiting.platformDelivery.nextAttemptAt)).toBeGreaterThan(Date.now());

    expect(await h.record(id)).toMatchObject({ processing_state: 'sent' });
    const [first, second, ...more] = h.fake.requests(number);
    expect(more).toEqual([]);
    expect(second! - first!).toBeGreaterThanOrEqual(1_900);
    expect(h.fake.flows(id)).toHaveLength(1);
    expect(await h.delivery(id)).toMatchObject({ platformDelivery: { flowId: h.fake.flows(id)[0]!.flowId, attempts: 2, lastError: null } });
    expect(h.warnings()).toContainEqual(
      expect.objectContaining({ submissionId: id, attempt: 1, error: expect.stringContaining('HTTP 429') }),
    );
  });

  it('500, then 202: retried after a backoff, then sent', async () => {
    const { id, number } = await h.submit({ replies: [{ kind: 'status', status: 500, body: { errorCode: 'INTERNAL_ERROR' } }] });
    h.run();
    expect(await h.record(id)).toMatchObject({ processing_state: 'sent' });
    const [first, second, ...more] = h.fake.requests(number);
    expect(more).toEqual([]);
    // Equal jitter: the first retry waits half the base delay (1 s) at least.
    expect(second! - first!).toBeGreaterThanOrEqual(450);
    expect(h.fake.flows(id)).toHaveLength(1);
    expect(await h.states(id)).toEqual(['validated', 'sent']);
  });

  it('a flow created but never answered: the next attempt finds it by trackingId, and sends nothing again', async () => {
    const { id, number } = await h.submit({ replies: [{ kind: 'accept-silently' }] });
    h.run({ timeoutMs: 500 });
    expect(await h.record(id)).toMatchObject({ processing_state: 'sent' });
    expect(h.fake.requests(number)).toHaveLength(1);
    const flows = h.fake.flows(id);
    expect(flows).toHaveLength(1);
    expect(await h.delivery(id)).toMatchObject({ platformDelivery: { flowId: flows[0]!.flowId, lastError: null } });
    expect(h.warnings()).toContainEqual(
      expect.objectContaining({ submissionId: id, error: expect.stringMatching(/no answer within .* after the request was sent/) }),
    );
  });

  it('a PA storing the flow after our timeout (33 s for 30 s, scaled): searched over the grace period, found, never sent twice', async () => {
    // Scaled: timeout 300 ms, the PA stores the flow 2.5 s after the request; grace 6 s, a search every 300 ms.
    const { id, number } = await h.submit({ replies: [{ kind: 'accept-late', commitAfterMs: 2_500 }] });
    h.run({ timeoutMs: 300, unknownOutcome: { graceMs: 6_000, searchEveryMs: 300 } });
    expect(await h.record(id)).toMatchObject({ processing_state: 'sent' });
    expect(h.fake.requests(number)).toHaveLength(1);
    const flows = h.fake.flows(id);
    expect(flows).toHaveLength(1);
    expect(flows[0]!.trackingId).toBe(id);
    expect(await h.delivery(id)).toMatchObject({ platformDelivery: { flowId: flows[0]!.flowId, attempts: 1, lastError: null } });
    expect(h.lines.filter((line) => line.includes('no flow found yet after an unknown outcome')).length).toBeGreaterThanOrEqual(2);
  });

  it('a flow never stored: sent again once the grace period has passed, with the same trackingId', async () => {
    const { id, number } = await h.submit({ replies: [{ kind: 'drop' }] });
    h.run({ unknownOutcome: { graceMs: 1_500, searchEveryMs: 300 } });
    expect(await h.record(id)).toMatchObject({ processing_state: 'sent' });
    const [first, second, ...more] = h.fake.requests(number);
    expect(more).toEqual([]);
    expect(second! - first!).toBeGreaterThanOrEqual(1_400);
    expect(h.fake.flows(id).map((flow) => flow.trackingId)).toEqual([id]);
  });

  it('a request dropped before any flow was created: the search finds none, and it is sent again', async () => {
    const { id, number } = await h.submit({ replies: [{ kind: 'drop' }] });
    h.run();
    expect(await h.record(id)).toMatchObject({ processing_state: 'sent' });
    expect(h.fake.requests(number)).toHaveLength(2);
    expect(h.fake.flows(id)).toHaveLength(1);
    expect(await h.delivery(id)).toMatchObject({ platformDelivery: { attempts: 2, lastError: null } });
  });

  it('403 (our credentials refused), then 202: the document waits and is sent, never rejected for the settings', async () => {
    const { id, number } = await h.submit({ replies: [{ kind: 'status', status: 403, body: { errorCode: 'FORBIDDEN' } }] });
    h.run();
    expect(await h.record(id)).toMatchObject({ processing_state: 'sent' });
    expect(h.fake.requests(number)).toHaveLength(2);
    expect(await h.states(id)).toEqual(['validated', 'sent']);
  });

  it("400: rejected, with source platform and the PA's errorCode", async () => {
    const body = { errorCode: 'INVALID_FIELD_VALUE', errorMessage: 'flowInfo.processingRule is not accepted' };
    const { id, number } = await h.submit({ replies: [{ kind: 'status', status: 400, body }] });
    h.run();
    const record = await h.record(id);
    expect(record).toMatchObject({ processing_state: 'rejected' });
    expect(record.rejection).toEqual({ source: 'platform', errors: [{ rule: 'INVALID_FIELD_VALUE', message: body.errorMessage }] });
    expect(h.fake.requests(number)).toHaveLength(1);
    expect(h.fake.flows(id)).toEqual([]);
    expect(await h.states(id)).toEqual(['validated', 'rejected']);
    expect(await h.delivery(id)).toMatchObject({
      processingState: 'REJECTED',
      platformDelivery: {
        flowId: null,
        attempts: 1,
        nextAttemptAt: null,
        lastError: `createFlow: HTTP 400 INVALID_FIELD_VALUE: ${body.errorMessage}`,
      },
    });
  });

  it('a PA echoing our credentials in its refusal: rejection, last_error and logs carry none of them, bounded', async () => {
    const { id } = await h.submit({ replies: [{ kind: 'echo' }] });
    h.run();
    const record = await h.record(id);
    expect(record).toMatchObject({ processing_state: 'rejected' });
    const { lastError } = (await h.delivery(id)).platformDelivery;
    const stored = JSON.stringify(record.rejection) + lastError;
    const basic = Buffer.from('gateway:fake-secret').toString('base64');
    for (const credential of ['fake-secret', basic, 'tok-']) expect(stored).not.toContain(credential);
    expect(record.rejection.errors[0].message).toMatch(
      /^Refused Bearer \[redacted\]; token request \[redacted\]; secret \[redacted\]; x+…$/,
    );
    expect(record.rejection.errors[0].message.length).toBeLessThanOrEqual(500);
    expect(record.rejection.errors[0].rule).toBe('BAD Bearer [redacted]');
    expect(lastError.length).toBeLessThanOrEqual(500);
    // The harness's afterEach checks every log line for fake-secret and tok-.
    expect(h.lines.join('\n')).not.toContain(basic);
  });

  it('two senders on one database never send a document twice', async () => {
    // PostgreSQL: two connection pools, as two instances would have; PGlite: one database, two senders on it.
    const second: Database | undefined = h.databaseUrl ? await openTestDatabase(engine, h.databaseUrl) : undefined;
    try {
      const one = h.run({ pollMs: 50 });
      const two = h.run({ pollMs: 50, db: second?.db });
      const slow: Script = { replies: [{ kind: 'accept', delayMs: 40 }] };
      const documents = [];
      for (let i = 0; i < 12; i++) documents.push(await h.submit(slow));
      for (const { id, number } of documents) {
        expect(await h.record(id)).toMatchObject({ processing_state: 'sent' });
        expect(h.fake.requests(number)).toHaveLength(1);
        expect(h.fake.flows(id)).toHaveLength(1);
        expect(await h.states(id)).toEqual(['validated', 'sent']);
      }
      await Promise.all([one.stop(), two.stop()]);
    } finally {
      await second?.close();
    }
  });
});
