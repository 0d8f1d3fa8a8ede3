#!/usr/bin/env node
// Measures the README's first minutes (issue 25 item 7, docs/performance.md "First document after a
// start"): starts `passerelle serve` as `npm start` does (same node flags) on an empty temporary data
// directory, submits examples/fr-b2b-invoice.json with the printed token, and polls the submission until
// `sent` (or `rejected`), then submits a second invoice the same way (the warm figure). Prints one JSON
// line: milliseconds from spawn to listening, to `/ready` saying `"validation":"warm"` (when the gateway
// reports it), to the first document's final state, and the second document's submit-to-final time.
//
// Usage: node scripts/first-document.mjs [--root=DIR] [--wait-warm]
//   --root: the checkout whose bin/passerelle.mjs runs (default this one: compare with another branch);
//   --wait-warm: submit only once /ready says warm (the README's order), else at once after listening.
// Environment passes through (VALIDATION_ENGINE, ...); PORT, HOST, DATA_DIR and LOG_LEVEL are set here.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url));
const rootArg = process.argv.find((arg) => arg.startsWith('--root='))?.slice(7);
const root = rootArg ? resolve(rootArg) : here;
const waitWarm = process.argv.includes('--wait-warm');
const body = readFileSync(join(here, 'examples', 'fr-b2b-invoice.json'), 'utf8');
const dataDir = mkdtempSync(join(tmpdir(), 'passerelle-first-'));
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

const started = performance.now();
const since = () => Math.round(performance.now() - started);
const child = spawn(
  process.execPath,
  [
    '--max-old-space-size=160',
    '--max-semi-space-size=32',
    '--no-allocation-site-pretenuring',
    join(root, 'bin', 'passerelle.mjs'),
    'serve',
  ],
  { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' }, cwd: root },
);
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));

async function until(what, test, stepMs = 50, limitMs = 300_000) {
  for (const deadline = performance.now() + limitMs; performance.now() < deadline; await sleep(stepMs)) {
    const value = await test();
    if (value) return value;
  }
  throw new Error(`no ${what} within ${limitMs} ms:\n${output}`);
}

/** Submits the example and resolves with [final state, ms from submit to it]. */
async function submitAndWait(url, token) {
  const submitted = performance.now();
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const response = await fetch(`${url}/v1/invoices`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': `first-document-${Date.now()}-${Math.random()}` },
    // A fresh id and number each time: the same ones would answer 409 duplicate-submission.
    body: body.replace(/"(id|number)": "([^"]+)"/g, (_, key, value) => `"${key}": "${value}-${suffix}"`),
  });
  const { submission_id: id } = await response.json();
  if (!id) throw new Error(`submission refused (${response.status})`);
  const state = await until('final state', async () => {
    const record = await (await fetch(`${url}/v1/invoices/${id}`, { headers })).json();
    return ['sent', 'rejected'].includes(record.processing_state) && record.processing_state;
  });
  return [state, Math.round(performance.now() - submitted)];
}

try {
  const url = await until('listening line', () => /"url":"(http:[^"]+)"/.exec(output)?.[1]);
  const listening = since();
  const token = await until('token', () => /export TOKEN=(\S+)/.exec(output)?.[1]);
  const ready = async () => (await (await fetch(`${url}/ready`)).json()).validation;
  const atListen = await ready();
  let warm;
  if (waitWarm && atListen !== undefined) {
    await until('warm validator', async () => (await ready()) === 'warm');
    warm = since();
  }
  const [firstState, firstMs] = await submitAndWait(url, token);
  const firstFinal = since();
  const [secondState, secondMs] = await submitAndWait(url, token);
  const engine = /validation engine: (\S+)/.exec(output)?.[1];
  const warmLog = /validation warm in (\d+) ms/.exec(output)?.[1];
  console.log(
    JSON.stringify({
      root,
      engine,
      waitWarm,
      listening,
      readyAtListen: atListen ?? null,
      warm: warm ?? null,
      warmLogMs: warmLog ? Number(warmLog) : null,
      first: { state: firstState, submitToFinalMs: firstMs, startToFinalMs: firstFinal },
      second: { state: secondState, submitToFinalMs: secondMs },
    }),
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
}
