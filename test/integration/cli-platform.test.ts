/**
 * The PA settings as an operator meets them (issue 18): `passerelle sandbox-pa` runs the sandbox alone and
 * prints the PA_* settings; `serve` with PLATFORM=afnor refuses missing settings with one line naming the
 * variable (every case: test/unit/platform-settings.test.ts), administrative commands do not need them, and a gateway pointed
 * at `passerelle sandbox-pa` on another port sends an invoice and gets its statuses back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFlowClient } from '../../src/platform/afnor/client.ts';
import { invoice } from '../support/documents.ts';
import { BIN, runCli, spawnServe } from '../support/processes.ts';

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});
const dataDir = () => mkdtempSync(join(tmpdir(), 'passerelle-pa-'));

/** Starts `passerelle sandbox-pa --port 0 …` and resolves with the PA_* settings it printed. */
function sandboxPa(args: string[]): Promise<Record<string, string>> {
  const child = spawn(process.execPath, [BIN, 'sandbox-pa', '--port', '0', ...args], { env: { ...process.env } });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      // Lines a shell can paste: `export NAME=value`.
      const settings = Object.fromEntries(
        [...output.matchAll(/^export ((?:PA_|PLATFORM)[A-Z_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]),
      );
      if (settings.PA_CLIENT_SECRET) resolve(settings);
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`sandbox-pa exited (${code}):\n${output}`)));
  });
}

describe('PA settings on the command line', { timeout: 90_000 }, () => {
  it('passerelle sandbox-pa prints working export lines (PLATFORM=afnor, PA_*), with a generated secret', async () => {
    const settings = await sandboxPa(['--step-ms', '50']);
    expect(settings.PLATFORM).toBe('afnor');
    expect(settings.PA_FLOW_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/flow-service$/);
    expect(settings.PA_CLIENT_SECRET!.length).toBeGreaterThanOrEqual(32);
    const client = createFlowClient({
      flowUrl: settings.PA_FLOW_URL!,
      tokenUrl: settings.PA_TOKEN_URL!,
      clientId: settings.PA_CLIENT_ID!,
      clientSecret: settings.PA_CLIENT_SECRET!,
      tokenAuth: 'basic',
    });
    expect(await client.searchFlows({ flowDirection: ['In'] })).toMatchObject({ ok: true, results: [] });
  });

  it('passerelle sandbox-pa refuses a bad port with a usage line and exit 2', async () => {
    const result = await runCli(['sandbox-pa', '--port', '99999']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^passerelle: --port must be an integer from 0 to 65535\n/);
  });

  it('serve with PLATFORM=afnor and no PA_* stops with one line naming the variable, never the secret', async () => {
    const env = { PLATFORM: 'afnor', PA_CLIENT_SECRET: 'top-secret-value-42', PA_TOKEN_AUTH: 'digest' };
    const result = await runCli(['serve'], { DATA_DIR: dataDir(), PORT: '0', ...env });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('passerelle: PA_FLOW_URL is required with PLATFORM=afnor\n');
    expect(result.stdout).not.toContain('top-secret-value-42');
  });

  it('runs administrative commands without any PA setting', async () => {
    const result = await runCli(['tenant', 'list'], { DATA_DIR: dataDir(), PLATFORM: 'afnor' });
    expect(result.code).toBe(0);
  });

  it('PLATFORM=afnor pointed at passerelle sandbox-pa sends an invoice and gets its statuses back', async () => {
    const settings = await sandboxPa(['--step-ms', '50']);
    const env = { DATA_DIR: dataDir(), PLATFORM: 'afnor', PA_POLL_INTERVAL_MS: '100', VALIDATION: 'native', ...settings };
    const gateway = await spawnServe(env, (child) => running.push(child));
    const token = /export TOKEN=(\S+)/.exec(gateway.output())![1]!;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const posted = await fetch(`${gateway.url}/v1/invoices`, {
      method: 'POST',
      headers,
      body: JSON.stringify(invoice().unique('cli').build()),
    });
    expect(posted.status).toBe(202);
    const { submission_id: id } = (await posted.json()) as { submission_id: string };
    const deadline = Date.now() + 30_000;
    let record: Record<string, any> = {};
    let codes: number[] = [];
    while (Date.now() < deadline) {
      record = (await (await fetch(`${gateway.url}/v1/invoices/${id}`, { headers })).json()) as Record<string, any>;
      const statuses = (await (await fetch(`${gateway.url}/v1/invoices/${id}/statuses`, { headers })).json()) as {
        data: Array<{ code: number }>;
      };
      codes = statuses.data.map((status) => status.code);
      if (record.processing_state === 'sent' && codes.includes(205)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(record.processing_state).toBe('sent');
    expect(codes).toEqual([200, 201, 202, 203, 204, 205]);
    expect(gateway.output()).not.toContain(settings.PA_CLIENT_SECRET!);
  });
});
