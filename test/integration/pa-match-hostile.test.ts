/**
 * A CDAR status about a credit note sharing its number with an invoice (issue 26, item 8), on each engine: the
 * referenced document's type code decides even when one submission only has that number, so a credit note's
 * status never lands on the invoice; once the credit note is sent, the status is its own.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { platformFlows, platformInboundProblems, submissions } from '../../src/db/schema.ts';
import type { StatusPoller } from '../../src/platform/inbound/status-poller.ts';
import type { Client } from '../support/client.ts';
import { creditNote, invoice } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { cdarFor, type InboundFake, sentInvoice } from '../support/hostile-inbound-pa.ts';
import { hostilePoller } from '../support/hostile-poller.ts';

describe.each(engines())('status matching by type code (%s)', (engine) => {
  let fake: InboundFake, gateway: Gateway, tenant: Client, poller: StatusPoller, connection: string;
  hostilePoller(engine, { prefix: 'match' }, (rig) => ({ fake, gateway, tenant, poller, connection } = rig));

  it("a credit note's status with the only sent document being the invoice of that number is not the invoice's", async () => {
    const body = invoice().unique().build();
    const original = await sentInvoice(gateway, tenant, body);
    const aboutRefund = fake.serve(cdarFor(original, 200, '', '381'));
    await poller.pollNow();
    expect((await tenant.get(`/v1/invoices/${original.id}/statuses`)).body.data).toEqual([]);
    const [kept] = await gateway.database.db.select().from(platformInboundProblems).where(eq(platformInboundProblems.flowId, aboutRefund));
    expect(kept).toMatchObject({ problem: 'no-matching-submission', detail: { typeCode: '381', invoiceNumber: body.number } });

    // The credit note, sent under the same number and seller: its status is its own, the invoice's stays empty.
    const refund = await tenant.post('/v1/credit-notes', creditNote().unique().refunding(body.id).with('number', body.number).build());
    expect(refund.status).toBe(202);
    const refundId = refund.body.submission_id as string;
    const [row] = await gateway.database.db
      .select({ tenantId: submissions.tenantId })
      .from(submissions)
      .where(eq(submissions.id, refundId));
    await gateway.database.db.insert(platformFlows).values({
      submissionId: refundId,
      tenantId: row!.tenantId,
      invoiceNumber: body.number,
      sellerSiren: original.siren,
      flowId: randomUUID(),
    });
    fake.serve(cdarFor(original, 202, '', '381'));
    fake.serve(cdarFor(original, 203, '', '380'));
    await poller.pollNow();
    const codes = async (path: string) => (await tenant.get(path)).body.data.map((status: { code: number }) => status.code);
    expect(await codes(`/v1/credit-notes/${refundId}/statuses`)).toEqual([202]);
    expect(await codes(`/v1/invoices/${original.id}/statuses`)).toEqual([203]);
  });
});
