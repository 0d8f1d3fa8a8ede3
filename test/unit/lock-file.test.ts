import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/lock-file.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'passerelle-lock-'));

describe('data directory lock', () => {
  it('refuses a second holder in the same process, and frees on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('refuses while another live process holds it, naming the directory', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'passerelle.pid'), `${holder.pid}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`${dir}.*pid ${holder.pid}`));
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a dead process', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(join(dir, 'passerelle.pid'), `${dead.pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});
