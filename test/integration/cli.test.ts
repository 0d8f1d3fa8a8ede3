/**
 * The `passerelle` command as a user runs it: token management, the dev
 * token of a first start, the data directory lock, and clean shutdown.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { invoice } from '../support/documents.ts';
import { runCli, spawnServe } from '../support/processes.ts';

const TOKEN = /^pas_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;
const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

const cli = runCli;
const serve = (env: Record<string, string>) => spawnServe(env, (child) => running.push(child));

const dataDir = () => mkdtempSync(join(tmpdir(), 'passerelle-cli-'));

// Each step spawns a process and may initialise a fresh embedded database (~3 s each).
describe('passerelle CLI (embedded engine)', { timeout: 90_000 }, () => {
  it('creates a token, printed alone on the last line, and revokes it by prefix', async () => {
    const env = { DATA_DIR: dataDir() };
    const created = await cli(['token', 'create', '--tenant', 'acme', '--create-tenant'], env);
    expect(created.code).toBe(0);
    const token = created.stdout.trim().split('\n').at(-1)!;
    expect(token).toMatch(TOKEN);
    const prefix = token.slice(0, 16);
    expect(created.stdout).toContain(prefix);

    const { child, url } = await serve(env);
    const post = () =>
      fetch(`${url}/v1/invoices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(invoice().unique().build()),
      });
    expect((await post()).status).toBe(202);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));

    const revoked = await cli(['token', 'revoke', prefix], env);
    expect(revoked.code).toBe(0);
    expect((await cli(['token', 'revoke', prefix], env)).code).toBe(1);
    const again = await serve(env);
    const response = await fetch(`${again.url}/v1/invoices/x`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
  });

  it('prints a dev token on the first start only, and it works', async () => {
    const env = { DATA_DIR: dataDir() };
    const first = await serve(env);
    const token = /export TOKEN=(\S+)/.exec(first.output())?.[1];
    expect(token).toMatch(TOKEN);
    const reply = await fetch(`${first.url}/v1/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(invoice().unique().build()),
    });
    expect(reply.status).toBe(202);
    first.child.kill('SIGTERM');
    await new Promise((resolve) => first.child.on('exit', resolve));
    const second = await serve(env);
    expect(second.output()).not.toContain('export TOKEN=');
  });

  it('refuses to open the data directory while the server holds it, and releases it on SIGTERM', async () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir };
    const { child } = await serve(env);
    const blocked = await cli(['token', 'create', '--tenant', 'acme', '--create-tenant'], env);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain(`The embedded database in ${dir} is in use`);
    expect(blocked.stderr).not.toMatch(/\n\s+at /); // one clear line, no stack
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'passerelle.pid'))).toBe(false);
    expect((await cli(['token', 'create', '--tenant', 'acme', '--create-tenant'], env)).code).toBe(0);
  });

  it('names an invalid variable and exits 1', async () => {
    const result = await cli(['serve'], { PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PORT must be an integer/);
  });

  it('never prints the dev token on PostgreSQL', async ({ skip }) => {
    if (!process.env.TEST_DATABASE_URL) skip();
    const served = await serve({ DATABASE_URL: process.env.TEST_DATABASE_URL! });
    const stdout = served.output();
    expect(stdout).not.toContain('TOKEN');
    const migrated = await cli(['migrate'], { DATABASE_URL: process.env.TEST_DATABASE_URL! });
    expect(migrated.code).toBe(0);
  });
});
