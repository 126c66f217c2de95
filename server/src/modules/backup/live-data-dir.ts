/**
 * How `npm run backup` reads an embedded database the server has open (ADR 119). PGlite is a
 * database inside the server's process: a second process must not open its data directory. So
 * the server listens on a Unix socket beside it (mode 0600: only the account that runs Waymark),
 * and on request answers a copy of the data directory that PGlite takes between two queries, a
 * consistent state without stopping the site. The command reads that copy at its own pace.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, unlink } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

const REQUEST = 'dump\n';
/** Unix socket paths are limited to about 104 bytes; a longer DATA_DIR gets one in the temp folder. */
const MAX_SOCKET_PATH = 100;

export function backupSocketPath(dataDir: string): string {
  const beside = path.join(path.resolve(dataDir), 'backup.sock');
  if (beside.length <= MAX_SOCKET_PATH) return beside;
  const digest = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `waymark-${digest}.sock`);
}

/**
 * The running server's data directory as a tarball, or null when no server answers on the socket
 * (none runs: the data directory may then be opened directly).
 */
export function requestLiveDataDir(socketPath: string): Promise<Buffer<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let isConnected = false;
    const socket = net.createConnection(socketPath, () => {
      isConnected = true;
      socket.end(REQUEST);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      if (chunks.length === 0) reject(new Error('the running server could not copy its database (see its log)'));
      else resolve(Buffer.concat(chunks));
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!isConnected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
  });
}

export interface LiveDataDirServer {
  close(): Promise<void>;
}

/** Serves `dump()` on the socket; refuses to start when another live server already answers there. */
export async function serveLiveDataDir(opts: {
  socketPath: string;
  dump: () => Promise<Blob>;
  onError: (error: unknown) => void;
}): Promise<LiveDataDirServer> {
  if (await isAnswering(opts.socketPath)) {
    throw new Error(`another Waymark server already runs on this DATA_DIR (${opts.socketPath} answers)`);
  }
  await mkdir(path.dirname(opts.socketPath), { recursive: true });
  // A socket file left by a server that was killed.
  await unlink(opts.socketPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  // Half open: the request ends the client's side, and the answer still goes back on ours.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    let request = '';
    socket.on('error', opts.onError);
    socket.on('data', (chunk: Buffer) => {
      request += chunk.toString('latin1');
      if (request.length > REQUEST.length) socket.destroy();
    });
    socket.on('end', () => {
      if (request !== REQUEST) return void socket.destroy();
      opts.dump().then(
        // Streamed from the tarball PGlite made: no second copy of it in the server's memory.
        (blob) => Readable.fromWeb(blob.stream() as WebReadableStream).pipe(socket),
        (error: unknown) => {
          opts.onError(error);
          socket.end();
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.socketPath, () => resolve());
  });
  await chmod(opts.socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/**
 * Claims a DATA_DIR's socket before its database is opened (a second server or backup stops at
 * the claim); once `attach`ed, the socket answers with the database's copy. server.ts and a
 * backup of a stopped site both hold the directory this way.
 */
export async function claimDataDir(dataDir: string, onError: (error: unknown) => void) {
  const held: { database?: { dumpDataDir?: () => Promise<Blob> } } = {};
  const server = await serveLiveDataDir({
    socketPath: backupSocketPath(dataDir),
    dump: () => held.database?.dumpDataDir?.() ?? Promise.reject(new Error('the database is not open yet')),
    onError,
  });
  return {
    attach: (database: { dumpDataDir?: () => Promise<Blob> }) => {
      held.database = database;
    },
    close: () => server.close(),
  };
}

async function isAnswering(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection(socketPath, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
