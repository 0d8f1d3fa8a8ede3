/**
 * The `passerelle` command as a user runs it: token management, the dev
 * token of a first start, the data directory lock, and clean shutdown.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { invoice } from '../support/documents.ts';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { runCli, spawnServe } from '../support/processes.ts';

const TOKEN = /^pas_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;
const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

const cli = runCli;
const serve = (env: Record<string, string>) => spawnServe(env, (child) => running.push(child));

const dataDir = () => mkdtempSync(join(tmpdir(), 'passerelle-cli-'));

/** `PUT /v1/seller-profile` with the demo seller (a tenant made by the CLI has none); the reply's status. */
async function putDemoSeller(url: string, token: string): Promise<number> {
  const reply = await fetch(`${url}/v1/seller-profile`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_SELLER_PROFILE),
  });
  return reply.status;
}

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
    // A tenant made by the CLI has no seller yet: the token's first call gives it one.
    expect(await putDemoSeller(url, token)).toBe(200);
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

  it('runs the administrative commands through the running gateway, over a socket only its user can open', async () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir };
    const { child, url } = await serve(env);
    expect(statSync(join(dir, 'admin.sock')).mode & 0o777).toBe(0o600);

    const created = await cli(['token', 'create', '--tenant', 'acme', '--create-tenant'], env);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^ {2}export TOKEN=pas_/m);
    const token = created.stdout.trim().split('\n').at(-1)!;
    expect(token).toMatch(TOKEN);
    const submit = () =>
      fetch(`${url}/v1/invoices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(invoice().unique().build()),
      });
    expect(await putDemoSeller(url, token)).toBe(200);
    expect((await submit()).status).toBe(202);

    const platform = await cli(['platform-token', 'create', '--name', 'my-pa'], env);
    expect(platform.code).toBe(0);
    expect(platform.stdout).toMatch(/^ {2}export PLATFORM_TOKEN=plt_/m);
    const unknown = await cli(['token', 'create', '--tenant', 'nobody'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('add --create-tenant');
    expect((await cli(['tenant', 'list'], env)).stdout).toMatch(/^acme\t/m);
    const prefix = token.split('_').slice(0, 2).join('_');
    expect((await cli(['token', 'list'], env)).stdout).toContain(`${prefix}\tacme`);
    const revoked = await cli(['token', 'revoke', token], env);
    expect(revoked.stdout).toBe(`Revoked ${prefix}.\n`);
    await new Promise((resolve) => setTimeout(resolve, 5_500)); // the gateway's token cache (5 s)
    expect((await submit()).status).toBe(401);

    child.kill('SIGTERM');
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    expect(existsSync(join(dir, 'passerelle.pid'))).toBe(false);
    expect(existsSync(join(dir, 'admin.sock'))).toBe(false);
    expect((await cli(['token', 'create', '--tenant', 'acme'], env)).code).toBe(0);
  });

  it('says the directory is in use, in one line, when its holder does not answer', async () => {
    const dir = dataDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    running.push(holder);
    writeFileSync(join(dir, 'passerelle.pid'), `${holder.pid}\n`);
    const blocked = await cli(['token', 'create', '--tenant', 'acme', '--create-tenant'], { DATA_DIR: dir });
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain(`The embedded database in ${dir} is in use`);
    expect(blocked.stderr).not.toMatch(/\n\s+at /); // one clear line, no stack
  });

  it('names an invalid variable and exits 1', async () => {
    const result = await cli(['serve'], { PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PORT must be an integer/);
  });
});
