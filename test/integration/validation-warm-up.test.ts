/**
 * The validator warms at start (issue 25 item 7): `passerelle serve` loads the official artefacts right
 * after listening, in the background, and `GET /ready` says so (`validation`: `warming`, then `warm`)
 * without holding readiness back; the first document then goes to `sent` on the warm validator. Engine:
 * VALIDATION_ENGINE (test/support/validation.ts, default saxon-js); database: embedded, and PostgreSQL
 * when TEST_DATABASE_URL is set. No timing is asserted: the order of states and the log line are.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServe } from '../support/processes.ts';
import { testEngine } from '../support/validation.ts';
import { createScratchDatabase } from '../support/webhook-gateway.ts';

const running: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const example = readFileSync(new URL('../../examples/fr-b2b-invoice.json', import.meta.url), 'utf8');

async function ready(url: string): Promise<{ status: number; body: { status?: string; validation?: string } }> {
  const response = await fetch(`${url}/ready`);
  return { status: response.status, body: (await response.json()) as { status?: string; validation?: string } };
}

async function databaseEnv(engine: 'pglite' | 'postgres'): Promise<Record<string, string>> {
  if (engine === 'pglite') return { DATA_DIR: mkdtempSync(join(tmpdir(), 'passerelle-warm-')) };
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  cleanups.push(() => scratch.drop());
  return { DATABASE_URL: scratch.url };
}

describe.each(process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const))(
  'validator warm-up at start (%s)',
  { timeout: 600_000 },
  (engine) => {
    it('reports warming then warm on /ready, ready all along, before the first document goes to sent', async () => {
      const served = await spawnServe({ ...(await databaseEnv(engine)), VALIDATION_ENGINE: testEngine() }, (child) => running.push(child));
      const token = /export TOKEN=(\S+)/.exec(served.output())?.[1];
      expect(token, served.output()).toMatch(/^pas_/);

      // The warm-up starts as the server listens, so /ready never says `cold`; readiness does not wait for it.
      const seen: string[] = [];
      for (;;) {
        const probe = await ready(served.url);
        expect(probe.status).toBe(200);
        expect(probe.body.status).toBe('ready');
        if (seen.at(-1) !== probe.body.validation) seen.push(String(probe.body.validation));
        if (probe.body.validation !== 'warming') break;
        await sleep(200);
      }
      expect(seen.at(-1), served.output()).toBe('warm');
      expect(seen.every((state) => state === 'warming' || state === 'warm')).toBe(true);
      expect(served.output()).toMatch(new RegExp(`validation warm in \\d+ ms \\(${testEngine() === 'saxon-js' ? 'saxon-js' : 'saxon-'}`));

      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const submitted = await fetch(`${served.url}/v1/invoices`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': 'warm-1' },
        body: example,
      });
      expect(submitted.status).toBe(202);
      const { submission_id: id } = (await submitted.json()) as { submission_id: string };
      let state = 'received';
      while (state === 'received' || state === 'validated') {
        await sleep(250);
        state = ((await (await fetch(`${served.url}/v1/invoices/${id}`, { headers })).json()) as { processing_state: string })
          .processing_state;
      }
      expect(state).toBe('sent');
    });
  },
);
