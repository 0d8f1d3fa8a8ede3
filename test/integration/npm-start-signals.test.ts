/**
 * `npm start` under a supervisor: SIGTERM sent to the npm process (what `docker stop` or systemd sends)
 * reaches the gateway, which shuts down cleanly, frees its port and its data directory lock; nothing is
 * left running with PPID 1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const running: Array<{ child: ChildProcess; gateway?: number }> = [];

afterEach(() => {
  for (const { child, gateway } of running.splice(0)) {
    child.kill('SIGKILL');
    if (gateway) killQuietly(gateway);
  }
});

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {}
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm start and signals', { timeout: 120_000 }, () => {
  it('SIGTERM to the npm process stops the gateway: port freed, lock released, no orphan', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'passerelle-npm-start-'));
    const child = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: dataDir, PLATFORM: 'none' },
    });
    const tracked: { child: ChildProcess; gateway?: number } = { child };
    running.push(tracked);
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk;
        const found = /"url":"(http:[^"]+)"/.exec(output)?.[1];
        if (found) resolve(found);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
    });
    const port = Number(new URL(url).port);
    const gateway = Number(readFileSync(join(dataDir, 'passerelle.pid'), 'utf8').trim());
    tracked.gateway = gateway;
    expect(gateway).not.toBe(child.pid);
    expect(await listening(port)).toBe(true);

    child.kill('SIGTERM');
    await exited;
    const deadline = Date.now() + 15_000;
    while (alive(gateway) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(gateway), `the gateway (pid ${gateway}) outlived npm:\n${output}`).toBe(false);
    expect(await listening(port)).toBe(false);
    expect(existsSync(join(dataDir, 'passerelle.pid'))).toBe(false);
    expect(output).toContain('"msg":"shutting down"');
  });
});
