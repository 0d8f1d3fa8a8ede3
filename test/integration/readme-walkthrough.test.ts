/**
 * The README's walkthrough, run as written: a fresh gateway started the way
 * the README starts it (`passerelle serve` on an empty data directory, the
 * default settings), the `export TOKEN=…` line it prints applied as a reader
 * pastes it, then every ```sh block between the walkthrough markers run in
 * order in one bash shell (`set -euo pipefail`, so a failing command fails
 * the test). Only the address changes: `localhost:4000` becomes the test
 * gateway's own port. Blocks marked ```console are shown, not run. On each engine: the embedded database, and a
 * fresh PostgreSQL database (`DATABASE_URL`, for the gateway and the CLI) when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { engines } from '../support/gateway.ts';
import { privateDatabase } from '../support/private-database.ts';
import { spawnServe, type ServeProcess } from '../support/processes.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The ```sh blocks between `<!-- walkthrough:start -->` and `<!-- walkthrough:end -->`. */
function walkthroughBlocks(markdown: string): string[] {
  const start = markdown.indexOf('<!-- walkthrough:start -->');
  const end = markdown.indexOf('<!-- walkthrough:end -->');
  if (start < 0 || end < start) throw new Error('README has no walkthrough markers');
  return [...markdown.slice(start, end).matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

function runBash(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.each(engines())('README walkthrough (%s)', { timeout: 180_000 }, (engine) => {
  const running: ChildProcess[] = [];
  let gateway: ServeProcess;
  let database: Awaited<ReturnType<typeof privateDatabase>>;
  afterAll(async () => {
    const exits = running.map((child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null))));
    for (const child of running) child.kill('SIGTERM');
    await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await database?.drop();
  });

  it('has a walkthrough to run', () => {
    expect(walkthroughBlocks(README).length).toBeGreaterThan(2);
  });

  it('runs every command of the walkthrough as written against a fresh gateway', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'passerelle-readme-'));
    // The README's own first start: default platform, embedded database, dev tenant and its token.
    database = await privateDatabase(engine);
    const onDatabase: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
    gateway = await spawnServe(
      { DATA_DIR: dataDir, LOG_LEVEL: 'info', PLATFORM: process.env.README_PLATFORM ?? '', ...onDatabase },
      (child) => running.push(child),
    );
    const printed = /export TOKEN=(\S+)/.exec(gateway.output());
    expect(printed, `the first start prints an export line:\n${gateway.output()}`).not.toBeNull();
    const port = new URL(gateway.url).port;
    const script = walkthroughBlocks(README)
      .map((block) => block.replaceAll('localhost:4000', `127.0.0.1:${port}`))
      .join('\n');
    const result = await runBash(`set -euo pipefail\n${script}`, { TOKEN: printed![1]!, DATA_DIR: dataDir, ...onDatabase });
    expect(result.code, result.output).toBe(0);
    // What the README says each step shows.
    expect(result.output).toMatch(/submission [0-9a-f-]{36}/);
    // Validated, then sent to the (sandbox) PA over the Flow Service.
    expect(result.output).toContain('"processing_state":"sent"');
    expect(result.output).toMatch(
      /<\?xml version="1\.0" encoding="UTF-8"\?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/,
    );
    expect(result.output).toContain('"rule":"BR-FR-16"');
    // Statuses back from the sandbox PA's CDAR flows.
    expect(result.output).toMatch(/"data":\[\{"code":200,"label":"Déposée"/);
    // A second seller, and the same number issued as it (numbers are per seller).
    // The seller's record, its nested address included, says the option it was created with.
    expect(result.output).toMatch(/"siren":"812345676"(?:[^{}]|\{[^{}]*\})*"vat_on_debits":true/);
    expect(result.output).toMatch(/"number":"[^"]+","seller_siren":"812345676","processing_state":"received"/);
    expect(result.output).toMatch(/HTTP\/1\.1 202 Accepted[\s\S]*"origin_submission_id"/);
    expect(result.output).toMatch(/"siren":"732829320","registered":true,"lines":\[\{"addressing_identifier":"732829320"/);
    expect(result.output).toContain('{"siren":"999000003","registered":false,"lines":[]');
    // The B2C sale: validated and e-reported, not sent; its payment in the payments report of its month.
    expect(result.output).toMatch(/"processing_rule":"B2C"[^\n]*"e_report_id":"[0-9a-f-]{36}"/);
    expect(result.output).toMatch(/"id":"pay_b2c_1"[^\n]*"channel":"e_reporting","state":"pending"/);
    expect(result.output).toMatch(/"kind":"payments"[^\n]*"period":"2026-11"/);
    expect(result.output).toContain('"rule":"GW-CURRENCY-UNSUPPORTED"');
    expect(result.output).toMatch(/"__typename":"(SubmissionAccepted|DuplicateSubmission)"/);
    expect(result.output).toContain('{"status":"ok"}');
    // `validation`: the validator's warm-up (src/validation/warm-up.ts); warm by now, a document went through it.
    expect(result.output).toContain('{"status":"ready","validation":"warm"}');
    expect(result.output).toMatch(/^ {2}export PLATFORM_TOKEN=plt_[0-9a-f]{12}_/m);
    expect(result.output).toMatch(/^pas_[0-9a-f]{12}\tdev\t/m);
  });
});
