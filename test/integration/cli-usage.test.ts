/**
 * The command line as a newcomer meets it (issue "a newcomer's first hour"):
 * help and version, usage mistakes (exit 2, a short usage, no stack trace),
 * tokens that are never echoed back, lists without secrets, and a start-up
 * failure (port in use) that prints one line, exits non-zero and releases the
 * embedded database.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli as cli, spawnServe } from '../support/processes.ts';

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});
const dataDir = () => mkdtempSync(join(tmpdir(), 'passerelle-cli-usage-'));
const NO_STACK = /\n\s+at /;

describe('passerelle command line', { timeout: 90_000 }, () => {
  it('prints its version, and help per command with the environment variables', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect((await cli(['--version'])).stdout.trim()).toBe(pkg.version);
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/token create --tenant NAME/);
    expect(help.stdout).toMatch(/DATABASE_URL/);
    const tokenHelp = await cli(['token', '--help']);
    expect(tokenHelp.code).toBe(0);
    expect(tokenHelp.stdout).toMatch(/token revoke/);
    expect(tokenHelp.stdout).not.toMatch(/platform-token create/);
    // The environment list is `passerelle --help`'s alone.
    expect(tokenHelp.stdout).not.toMatch(/DATABASE_URL/);
    expect((await cli([])).stderr).not.toMatch(/DATABASE_URL/);
  });

  it.each([
    ['an unknown command', ['frobnicate']],
    ['an unknown subcommand', ['token', 'frobnicate']],
    ['an unknown option', ['token', 'list', '--colour']],
    ['a missing option', ['token', 'create']],
    ['no command', []],
    ['--help on an unknown command', ['frobnicate', '--help']],
  ])('answers %s with a short usage and exit 2, no stack', async (_name, args) => {
    const result = await cli(args, { DATA_DIR: dataDir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Usage: passerelle/);
    expect(result.stderr).not.toMatch(NO_STACK);
  });

  it('asks for --create-tenant, prints export lines, lists without secrets, never echoes a token back', async () => {
    const env = { DATA_DIR: dataDir() };
    const refused = await cli(['token', 'create', '--tenant', 'acme'], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--create-tenant/);
    const created = await cli(['token', 'create', '--tenant', 'acme', '--create-tenant'], env);
    expect(created.code).toBe(0);
    const token = created.stdout.trim().split('\n').at(-1)!;
    expect(created.stdout).toContain(`export TOKEN=${token}`);
    expect((await cli(['token', 'create', '--tenant', 'acme'], env)).code).toBe(0);
    const platform = await cli(['platform-token', 'create', '--name', 'my-pa'], env);
    const platformToken = platform.stdout.trim().split('\n').at(-1)!;
    expect(platform.stdout).toContain(`export PLATFORM_TOKEN=${platformToken}`);

    const lists = [await cli(['token', 'list'], env), await cli(['platform-token', 'list'], env), await cli(['tenant', 'list'], env)];
    expect(lists.map((list) => list.code)).toEqual([0, 0, 0]);
    expect(lists[0]!.stdout).toContain(token.slice(0, 16));
    expect(lists[1]!.stdout).toContain('my-pa');
    expect(lists[2]!.stdout).toMatch(/^acme\t/m);
    for (const list of lists) expect(list.stdout).not.toContain(token.slice(17));

    const revoked = await cli(['token', 'revoke', token], env);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toBe(`Revoked ${token.slice(0, 16)}.\n`);
    expect((await cli(['platform-token', 'revoke', platformToken], env)).stdout).not.toContain(platformToken.slice(17));
  });

  it('fails to start on a port in use with one line and a non-zero exit, releasing the database', async () => {
    const holder = createServer();
    const port = await new Promise<number>((resolve) =>
      holder.listen(0, '127.0.0.1', () => resolve((holder.address() as { port: number }).port)),
    );
    try {
      const dir = dataDir();
      const result = await cli(['serve'], { DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1' });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`passerelle: port ${port} is in use (set PORT to another port, or stop what holds it)`);
      expect(existsSync(join(dir, 'passerelle.pid'))).toBe(false);
      // The data directory is free: the next start works.
      const next = await spawnServe({ DATA_DIR: dir }, (child) => running.push(child));
      expect((await fetch(`${next.url}/health`)).status).toBe(200);
    } finally {
      holder.close();
    }
  });
});
