/**
 * A TCP proxy on 127.0.0.1 in front of a server, that a test can cut (every
 * connection dropped, new ones refused: the server looks down) and restore,
 * without touching the real server other tests share.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The port the proxy listens on. */
  port: number;
  /** Drops every connection and refuses new ones until `restore`. */
  cut(): Promise<void>;
  /** Drops every connection and accepts new ones without ever answering (a network that swallows packets). */
  blackhole(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A proxy to `target` (host, port). */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server;
  let silent = false;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        if (silent) {
          sockets.add(client);
          client.on('error', () => {});
          return;
        }
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    cut: stop,
    async blackhole() {
      await stop();
      silent = true;
      await listen(port);
    },
    async restore() {
      await stop();
      silent = false;
      await listen(port);
    },
    close: stop,
  };
}
