/**
 * The administrative commands while a gateway runs on the embedded engine. PGlite is one
 * process's database: the running gateway holds DATA_DIR's lock, so `passerelle token create` cannot
 * open it. The gateway listens on a Unix socket in DATA_DIR (`admin.sock`, mode 0600: only the OS user
 * who runs it, who can read the database files anyway, can connect), and the CLI, finding the
 * directory locked, sends its command there and prints the reply.
 *
 * Protocol: one request line `{ "command": "token create", "options": { … } }`, one reply line
 * `{ "code": 0, "out": [["log", "…"], ["error", "…"]] }`, then the gateway closes the connection.
 */
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { ADMIN_COMMANDS, type AdminOptions, type AdminOutput } from './cli-admin.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

/** The socket's path in a data directory. */
export function adminSocketPath(dataDir: string): string {
  return join(dataDir, 'admin.sock');
}

/** A request of at most this size is read; a larger one is refused (it is not a command line). */
const MAX_REQUEST = 64 * 1024;

type Reply = { code: number; out: Array<['log' | 'error', string]> };

async function answer(db: Db, line: string): Promise<Reply> {
  const out: Reply['out'] = [];
  const sink: AdminOutput = { log: (text) => out.push(['log', text]), error: (text) => out.push(['error', text]) };
  let request: { command?: unknown; options?: AdminOptions };
  try {
    request = JSON.parse(line);
  } catch {
    return { code: 2, out: [['error', 'passerelle: malformed admin request']] };
  }
  const command = typeof request.command === 'string' ? ADMIN_COMMANDS[request.command] : undefined;
  if (!command) return { code: 2, out: [['error', `passerelle: unknown command "${String(request.command)}"`]] };
  const code = await command.execute(db, request.options ?? {}, sink);
  return { code, out };
}

/**
 * Listens on DATA_DIR/admin.sock for the CLI (see the module comment). A stale socket file left by a
 * killed gateway is replaced: the caller holds DATA_DIR's lock, so no live gateway owns it.
 * Resolves with a `close` that stops listening and removes the file.
 */
export async function listenAdminSocket(dataDir: string, db: Db, log: Logger): Promise<{ close(): Promise<void> }> {
  const path = adminSocketPath(dataDir);
  if (existsSync(path)) unlinkSync(path);
  const server: Server = createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST) return void socket.destroy();
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      socket.pause();
      answer(db, buffer.slice(0, end))
        .catch((error: unknown) => {
          log.error({ err: error }, 'admin command failed');
          return { code: 1, out: [['error', 'passerelle: the command failed in the gateway; see its log']] } satisfies Reply;
        })
        .then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  // The socket is created 0600 (umask) so no other user can connect even for an instant.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if (existsSync(path)) unlinkSync(path);
      }),
  };
}

/**
 * Sends an administrative command to the gateway running on `dataDir` and prints its reply to `out`;
 * resolves with the exit code, or undefined when no gateway answers there (no socket, or refused).
 */
export function askRunningGateway(dataDir: string, command: string, options: AdminOptions, out: AdminOutput): Promise<number | undefined> {
  const path = adminSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const socket = connect(path);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => resolve(undefined));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
    });
    socket.on('end', () => {
      try {
        const reply = JSON.parse(buffer) as Reply;
        for (const [stream, line] of reply.out) out[stream](line);
        resolve(reply.code);
      } catch {
        resolve(undefined);
      }
    });
    socket.write(`${JSON.stringify({ command, options })}\n`);
  });
}
