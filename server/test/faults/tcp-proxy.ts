/**
 * A tiny TCP proxy between the server and PostgreSQL, so a test can make the database "go away"
 * (`cut`: open connections are reset and new ones refused, as when PostgreSQL is down) and come
 * back (`restore`: it listens again on the same port).
 */
import { type Server, type Socket, connect, createServer } from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      for (const socket of sockets) socket.resetAndDestroy();
      if (!s) return resolve();
      s.close(() => resolve());
    });

  await listen();
  return { port, cut: stop, restore: listen, close: stop };
}
