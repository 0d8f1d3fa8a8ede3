/**
 * The standalone sandbox PA (`passerelle sandbox-pa --data-dir DIR`, issue 25 item 4) survives kill -9: an invoice's
 * lifecycle script interrupted after its first statuses resumes on the restarted process, every status arrives
 * once and in order, and the flows stored before the kill are still served. Without --data-dir, a restart forgets.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCdar } from '../../src/platform/afnor/cdar.ts';
import { createFlowClient, type FlowClient } from '../../src/platform/afnor/client.ts';
import { cleanupsAfterEach } from '../support/kill.ts';
import { flowSettings } from '../support/pa-client.ts';
import { BIN } from '../support/processes.ts';
import { until } from '../support/until.ts';

const UBL = readFileSync(new URL('../../artefacts/examples/en16931-ubl/ubl-tc434-example1.xml', import.meta.url), 'utf8');
const SECRET = 'data-dir-secret-0123456789';
const STEP_MS = 700;
const cleanups = cleanupsAfterEach();

/** Starts the standalone sandbox on a free port; resolves with the child and a Flow Service client on it. */
function startSandbox(extra: string[]): Promise<{ child: ChildProcess; client: FlowClient; banner: string }> {
  const args = [BIN, 'sandbox-pa', '--port', '0', '--step-ms', String(STEP_MS), '--client-secret', SECRET, ...extra];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => child.kill('SIGKILL'));
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const url = /listening on (http:\S+)/.exec(output)?.[1];
      if (!url || !output.includes('PA_CLIENT_ID')) return;
      const client = createFlowClient({ ...flowSettings(url, 'sandbox-client', SECRET), timeoutMs: 5000 });
      resolve({ child, client, banner: output });
    });
    child.on('exit', (code, signal) => reject(new Error(`sandbox-pa exited (${code ?? signal}):\n${output}`)));
  });
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Every incoming status flow, in updatedAt order, with its CDAR code. */
async function statuses(client: FlowClient): Promise<Array<{ flowId: string; updatedAt: string; code: number }>> {
  const found: Array<{ flowId: string; updatedAt: string; code: number }> = [];
  let cursor = '1970-01-01T00:00:00.000Z';
  for (;;) {
    const page = await client.searchFlows({ updatedAfter: cursor, flowDirection: ['In'] }, 100);
    if (!page.ok) throw new Error(`search failed: ${JSON.stringify(page)}`);
    for (const flow of page.results) {
      const original = await client.getFlow(flow.flowId, 'Original');
      if (!original.ok) throw new Error('get failed');
      const status = parseCdar(original.bytes);
      if ('error' in status) throw new Error(status.error);
      found.push({ flowId: flow.flowId, updatedAt: flow.updatedAt, code: status.code });
      cursor = flow.updatedAt;
    }
    if (page.results.length < 100) return found;
  }
}

async function submit(client: FlowClient, number: string): Promise<string> {
  const file = Buffer.from(UBL.replace('<cbc:ID>12115118</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`));
  const sent = await client.submitFlow({
    flowInfo: { flowSyntax: 'UBL', trackingId: number, name: `${number}.xml` },
    file,
    fileName: `${number}.xml`,
  });
  if (!sent.ok) throw new Error(`submit failed: ${JSON.stringify(sent)}`);
  return sent.flow.flowId;
}

describe('standalone sandbox PA across kill -9', { timeout: 120_000 }, () => {
  it('with --data-dir, resumes the script where it was: 200 to 205 once each, in order, the earlier flows kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'passerelle-sandbox-pa-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = await startSandbox(['--data-dir', dir]);
    expect(first.banner).toContain(`flows kept in ${dir}, 0 scripts resumed`);
    const invoiceFlow = await submit(first.client, 'DATA-DIR-001');
    const before = await until(
      () => statuses(first.client),
      (found) => found.length >= 2,
      20_000,
    );
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.length).toBeLessThan(6); // killed partway through the script
    await kill(first.child);

    const second = await startSandbox(['--data-dir', dir]);
    expect(second.banner).toContain('1 scripts resumed');
    const metadata = await second.client.getFlow(invoiceFlow, 'Metadata');
    expect(metadata.ok && metadata.flow.acknowledgement?.status).toBe('Ok');
    const after = await until(
      () => statuses(second.client),
      (found) => found.length >= 6,
      20_000,
    );
    // Nothing more comes: the script is over, no status played twice.
    await new Promise((resolve) => setTimeout(resolve, 2 * STEP_MS));
    const final = await statuses(second.client);
    expect(final).toEqual(after);
    expect(final.map((status) => status.code)).toEqual([200, 201, 202, 203, 204, 205]);
    expect(final.slice(0, before.length)).toEqual(before);
    const stamps = final.map((status) => Date.parse(status.updatedAt));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it('without --data-dir, a restart forgets (the documented default)', async () => {
    const first = await startSandbox([]);
    expect(first.banner).toContain('flows in memory only');
    const invoiceFlow = await submit(first.client, 'MEMORY-001');
    await kill(first.child);
    const second = await startSandbox([]);
    const metadata = await second.client.getFlow(invoiceFlow, 'Metadata');
    expect(metadata.ok).toBe(false);
  });
});
