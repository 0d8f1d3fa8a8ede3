/** The standalone sandbox's --data-dir journal (sandbox-pa/src/journal.ts) under its memory state: replay, compaction, a torn last line. */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../../sandbox-pa/src/journal.ts';
import { renderStatus, SANDBOX_SCRIPTS } from '../../../sandbox-pa/src/lifecycle.ts';
import { createMemoryState } from '../../../sandbox-pa/src/memory-state.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SUBJECT = { invoiceNumber: 'F-1', typeCode: '380', sellerSiren: '900123456', receivedAt: '2026-11-27T10:00:00.000Z' };
const now = () => new Date('2026-11-27T10:00:00Z');

function open(dir: string) {
  return createMemoryState({ now, journal: openJournal(dir) });
}

async function startScript(state: ReturnType<typeof open>, flowId: string) {
  await state.add({
    flow: { flowId, flowType: 'CustomerInvoice', flowDirection: 'Out', flowSyntax: 'UBL', acknowledgement: { status: 'Pending' } },
    original: Buffer.from('<Invoice>é</Invoice>'),
    fileName: `${flowId}.xml`,
    flowInfo: { flowSyntax: 'UBL', name: `${flowId}.xml` },
  });
  const script = { subject: SUBJECT, steps: SANDBOX_SCRIPTS.accepted, stepMs: 1000, dueAt: now().getTime() };
  return state.acknowledge(flowId, { status: 'Ok' }, { script });
}

describe('sandbox-pa data directory', () => {
  it('reopens with every flow and the script where it was, and emits the rest once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-journal-'));
    dirs.push(dir);
    const first = open(dir);
    expect(await startScript(first, 'inv-1')).toMatchObject({ acknowledgement: { status: 'Ok' } });
    // Two statuses due (the first at once, the second a step later), then the process "dies".
    expect((await first.emitDue(now().getTime() + 1000, renderStatus)).emitted).toBe(2);
    await first.close();

    const second = open(dir);
    expect(await second.resumable()).toEqual({ scripts: 1, pending: [] });
    expect((await second.get('inv-1'))?.original.toString()).toBe('<Invoice>é</Invoice>');
    expect(await second.acknowledge('inv-1', { status: 'Error' })).toBeUndefined(); // acknowledged once
    expect((await second.emitDue(now().getTime() + 60_000, renderStatus)).emitted).toBe(4);
    const statuses = await second.search({ flowDirection: ['In'] }, 100);
    expect(statuses).toHaveLength(6);
    const stamps = statuses.map((flow) => Date.parse(flow.updatedAt));
    expect(new Set(stamps).size).toBe(6);
    await second.close();
    // The start compacted the journal into the snapshot: after it, one line per status (with its script's move).
    expect(readFileSync(join(dir, 'journal.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4);
  });

  it('ignores a last line cut short, and keeps a flow whose check was cut Pending for the restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-journal-'));
    dirs.push(dir);
    const first = open(dir);
    await first.add({
      flow: {
        flowId: 'inv-2',
        flowType: 'CustomerInvoice',
        flowDirection: 'Out',
        flowSyntax: 'UBL',
        acknowledgement: { status: 'Pending' },
      },
      original: Buffer.from('<Invoice/>'),
      fileName: 'inv-2.xml',
    });
    await first.close();
    appendFileSync(join(dir, 'journal.jsonl'), '{"flows":[{"flow":{"flowId":"torn"');
    const second = open(dir);
    const resumable = await second.resumable();
    expect(resumable.scripts).toBe(0);
    expect(resumable.pending.map((entry) => entry.flow.flowId)).toEqual(['inv-2']);
    expect(await second.get('torn')).toBeUndefined();
    await second.close();
  });
});
