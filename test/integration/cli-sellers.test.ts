/**
 * The CLI where a user runs it: from a subdirectory it finds the package's database (it never creates a
 * `data/` where it stands), and `passerelle seller list|show|set` manage a tenant's sellers beside the tokens.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { runCli as cli, spawnServe } from '../support/processes.ts';

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});
const dataDir = () => mkdtempSync(join(tmpdir(), 'passerelle-cli-sellers-'));

describe('passerelle CLI: where the data is, and sellers', { timeout: 300_000 }, () => {
  it('run from another directory without DATA_DIR, uses the package data directory, not a new ./data', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'passerelle-cwd-'));
    const { DATA_DIR: _unset, DATABASE_URL: _none, ...env } = process.env;
    const listed = await cli(['tenant', 'list'], env as Record<string, string>, elsewhere);
    expect(listed.code, listed.stderr).toBe(0);
    expect(existsSync(join(elsewhere, 'data'))).toBe(false);
  });

  it("sets, lists and shows a tenant's sellers, and refuses a profile with its rules", async () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir };
    // Through a running gateway's admin socket: each command then skips opening the embedded database.
    await spawnServe({ ...env, PLATFORM: 'none' }, (child) => running.push(child));
    expect((await cli(['token', 'create', '--tenant', 'acme', '--create-tenant'], env)).code).toBe(0);
    expect((await cli(['seller', 'list', '--tenant', 'acme'], env)).stdout.trim()).toBe('(none)');

    const file = join(dir, 'seller.json');
    writeFileSync(file, JSON.stringify(DEMO_SELLER_PROFILE));
    const set = await cli(['seller', 'set', '--file', file, '--tenant', 'acme'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`Created seller ${DEMO_SELLER_PROFILE.siren}`);
    expect(set.stdout).toContain('(its default)');
    const again = await cli(['seller', 'set', '--file', file, '--tenant', 'acme'], env);
    expect(again.stdout).toContain(`Replaced seller ${DEMO_SELLER_PROFILE.siren}`);

    const list = await cli(['seller', 'list', '--tenant', 'acme'], env);
    expect(list.stdout).toMatch(new RegExp(`^${DEMO_SELLER_PROFILE.siren}\\t${DEMO_SELLER_PROFILE.name}\\t.*\\tdefault\\t`, 'm'));
    const shown = await cli(['seller', 'show', DEMO_SELLER_PROFILE.siren, '--tenant', 'acme'], env);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ siren: DEMO_SELLER_PROFILE.siren, name: DEMO_SELLER_PROFILE.name, default: true });
    expect((await cli(['seller', 'show', '123456782', '--tenant', 'acme'], env)).code).toBe(1);

    writeFileSync(file, JSON.stringify({ ...DEMO_SELLER_PROFILE, siren: '12345' }));
    const refused = await cli(['seller', 'set', '--file', file, '--tenant', 'acme'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/\/siren: /);

    expect((await cli(['seller', 'set', '--tenant', 'acme'], env)).code).toBe(2);
    expect((await cli(['seller', 'set', '--file', join(dir, 'missing.json'), '--tenant', 'acme'], env)).stderr).toContain('ENOENT');
    expect((await cli(['seller', 'list', '--tenant', 'nobody'], env)).code).toBe(2);
  });
});
