/**
 * The acknowledgements of the flows the PA sender sent, against a fake Flow Service (test/support/flow-fakes.ts)
 * whose search pages are smaller than asked, on each engine: an acknowledgement Error rejects the document with the
 * PA's reason codes, found by the search or brought by the callback (the flow then re-read from the PA, not taken
 * from the callback's body); the same acknowledgement twice changes nothing; flows the connection did not send are
 * ignored; the search pages through many acknowledgements, ties across pages included.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NO_EVENTS } from '../../src/domain/events/types.ts';
import { createLogger } from '../../src/lib/logger.ts';
import type { Flow } from '../../src/platform/afnor/types.ts';
import { pollAcknowledgements } from '../../src/platform/outbound/acknowledgement.ts';
import { engines } from '../support/gateway.ts';
import { until, useSenderHarness } from '../support/sender-harness.ts';

const PAGE_SIZE = 3;

describe.each(engines())('PA sender acknowledgements on %s', (engine) => {
  const h = useSenderHarness(engine, { pageSize: PAGE_SIZE });
  const details = [
    { level: 'Error' as const, item: 'file', reasonCode: 'InvalidSchema', reasonMessage: 'not a UBL Invoice' },
    { level: 'Error' as const, item: '/Invoice/cbc:ID', reasonCode: 'AlreadyExistingFlow', reasonMessage: 'invoice already received' },
  ];
  const rejection = {
    source: 'platform',
    errors: details.map((d) => ({ rule: d.reasonCode, message: d.reasonMessage, location: d.item })),
  };

  it('Error found by the search: rejected with the reason codes; the same acknowledgement again changes nothing', async () => {
    const { id } = await h.submit({ ack: { status: 'Error', details } });
    const sender = h.run();
    // Sent first (the 202 says Pending), then rejected once the search sees the Error.
    expect(await h.record(id, (r) => r.processing_state === 'rejected')).toMatchObject({ processing_state: 'rejected', rejection });
    expect(await h.delivery(id)).toMatchObject({ platformDelivery: { attempts: 1, acknowledgement: { status: 'Error', details } } });
    const before = await h.states(id);
    expect(before.at(-1)).toBe('rejected');

    const [flow] = h.fake.flows(id);
    await sender.acknowledge(flow!);
    await sender.acknowledge(flow!);
    // Not ours, or not even a flow: ignored, never thrown.
    await sender.acknowledge({ ...flow!, flowId: randomUUID(), trackingId: randomUUID() });
    await sender.acknowledge({ ...flow!, flowId: randomUUID(), trackingId: 'not-a-uuid' });
    await sender.acknowledge(null as unknown as Flow);
    expect(await h.states(id)).toEqual(before);
    expect((await h.client.get(`/v1/invoices/${id}`)).body.rejection).toEqual(rejection);
  });

  it('Error brought by the callback alone: the flow is re-read from the PA, not trusted from the callback', async () => {
    const sender = h.run({ pollMs: 60_000 });
    const { id } = await h.submit({ ack: { status: 'Error', details } });
    // Lanes and the acknowledgement search polled at start; from now on only wake() and the callback act.
    await h.record(id, (r) => r.processing_state === 'validated');
    sender.wake();
    expect(await h.record(id)).toMatchObject({ processing_state: 'sent' });
    await until(
      async () => h.fake.flows(id)[0]?.acknowledgement?.status,
      (status) => status === 'Error',
    );
    // The callback's body says Pending; the PA's flow says Error.
    await sender.acknowledge({ ...h.fake.flows(id)[0]!, acknowledgement: { status: 'Pending' } });
    expect((await h.client.get(`/v1/invoices/${id}`)).body).toMatchObject({ processing_state: 'rejected', rejection });
    expect(await h.states(id)).toEqual(['validated', 'sent', 'rejected']);
  });

  it('one search round pages through every acknowledgement, those sharing an instant across pages included', async () => {
    const documents = [];
    for (let i = 0; i < 8; i++) documents.push(await h.submit({ ack: { status: 'held' } }));
    const sender = h.run();
    for (const { id } of documents) expect(await h.record(id)).toMatchObject({ processing_state: 'sent' });
    await sender.stop();
    // Two flows per instant, three per page: every page ends inside a tie.
    h.fake.releaseAcks(2);
    const log = createLogger('silent');
    const deps = { db: h.gateway.database.db, events: NO_EVENTS, client: h.fake.client(), log, cursorKey: `paging-${randomUUID()}#out` };
    await pollAcknowledgements(deps, () => true);
    for (const { id } of documents) {
      expect(await h.delivery(id)).toMatchObject({ processingState: 'SENT', platformDelivery: { acknowledgement: { status: 'Ok' } } });
    }
  });
});
