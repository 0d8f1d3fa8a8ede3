/**
 * The sandbox PA's state in the gateway's database (src/platform/sandbox-store.ts), on each engine: two stores on
 * one database (two gateway instances; on PostgreSQL two connection pools) emitting the same due scripts at the
 * same time store each status once, in order, with strictly increasing stamps; a flow is acknowledged once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxState } from '../../sandbox-pa/src/index.ts';
import { renderStatus, SANDBOX_SCRIPTS } from '../../sandbox-pa/src/lifecycle.ts';
import type { Database } from '../../src/db/client.ts';
import { createSandboxStore } from '../../src/platform/sandbox-store.ts';
import { engines, openTestDatabase } from '../support/gateway.ts';
import { privateDatabase } from '../support/private-database.ts';

const SUBJECT = { invoiceNumber: 'F-1', typeCode: '380', sellerSiren: '900123456', receivedAt: '2026-11-27T10:00:00.000Z' };

function invoiceFlow(flowId: string) {
  return {
    flow: {
      flowId,
      trackingId: flowId,
      flowType: 'CustomerInvoice' as const,
      flowDirection: 'Out' as const,
      flowSyntax: 'UBL' as const,
      acknowledgement: { status: 'Pending' as const },
    },
    original: Buffer.from('<Invoice/>'),
    fileName: `${flowId}.xml`,
    flowInfo: { flowSyntax: 'UBL' as const, trackingId: flowId },
  };
}

describe.each(engines())('sandbox PA state in the database (%s)', (engine) => {
  const databases: Database[] = [];
  let drop: (() => Promise<void>) | undefined;
  let one: SandboxState;
  let two: SandboxState;

  beforeAll(async () => {
    const own = await privateDatabase(engine);
    drop = own?.drop;
    databases.push(await openTestDatabase(engine, own?.url));
    // On PostgreSQL a second pool, as a second gateway instance; PGlite is one process's database.
    databases.push(engine === 'postgres' ? await openTestDatabase(engine, own?.url) : databases[0]!);
    one = createSandboxStore(databases[0]!.db);
    two = createSandboxStore(databases[1]!.db);
  });
  afterAll(async () => {
    for (const database of new Set(databases)) await database.close();
    await drop?.();
  });

  it('acknowledges a Pending flow once, and emits every due status once across two emitters', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const ids = Array.from({ length: 12 }, (_, i) => `${tag}-${i}`);
    for (const id of ids) await one.add(invoiceFlow(id));
    const steps = SANDBOX_SCRIPTS.accepted;
    const past = Date.now() - 60_000;
    const script = { subject: SUBJECT, steps, stepMs: 1000, dueAt: past };
    const acks = await Promise.all(
      ids.flatMap((id) => [one.acknowledge(id, { status: 'Ok' }, { script }), two.acknowledge(id, { status: 'Ok' }, { script })]),
    );
    expect(acks.filter((flow) => flow !== undefined)).toHaveLength(ids.length);
    expect((await one.resumable()).scripts).toBe(ids.length);

    // Both emit at once, several times over: every status is overdue (60 s at 1 s a step).
    const looks = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? one : two).emitDue(Date.now(), renderStatus)));
    expect(looks.reduce((sum, look) => sum + look.emitted, 0)).toBe(ids.length * steps.length);
    expect((await two.resumable()).scripts).toBe(0);

    const statuses = await one.search({ flowDirection: ['In'], updatedAfter: new Date(past - 1).toISOString() }, 100);
    expect(statuses).toHaveLength(ids.length * steps.length);
    const stamps = statuses.map((flow) => Date.parse(flow.updatedAt));
    expect(new Set(stamps).size).toBe(stamps.length);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect((await two.emitDue(Date.now(), renderStatus)).emitted).toBe(0);
  });
});
