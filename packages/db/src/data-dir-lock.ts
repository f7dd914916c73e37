import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const LOCK_NAME = 'enamel.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    /** The process holding the folder, as it answered (null if it did not say). */
    readonly pid: number | null,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${pid ? `process ${pid}` : 'another process'}. ` +
        'Stop that process first (the embedded database allows one process at a time), or use DATABASE_URL.',
    );
  }

  /** "process 1234", or "another process" when the holder did not say. */
  get holder(): string {
    return this.pid ? `process ${this.pid}` : 'another process';
  }
}

/**
 * Where a process listens on a folder: a Unix socket `DATA_DIR/<file>`; when that path is too long for a
 * socket address (about 100 bytes), Linux's abstract namespace, and on Windows a named pipe, both named
 * `<prefix>-<hash of the folder's real path>`. The folder lock and the server's control channel use it.
 */
export function folderSocketAddress(dataDir: string, fileName: string, prefix: string): { address: string; file: string | null } {
  const file = path.join(dataDir, fileName);
  const named = `${prefix}-${crypto.createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 32)}`;
  if (process.platform === 'win32') return { address: `\\\\.\\pipe\\${named}`, file: null };
  if (Buffer.byteLength(file) < 100) return { address: file, file };
  if (process.platform === 'linux') return { address: `\0${named}`, file: null };
  throw new Error(`The path of DATA_DIR (${dataDir}) is too long for a local socket; use a shorter one.`);
}

/** Where the lock listens (see folderSocketAddress). */
function lockAddress(dataDir: string): { address: string; file: string | null } {
  return folderSocketAddress(dataDir, LOCK_NAME, 'enamel');
}

/** Connects to a lock: the pid its holder answers, or null when nobody listens there (a stale file). */
function probe(address: string): Promise<{ pid: number | null } | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(address);
    let said = '';
    socket.setEncoding('utf8');
    socket.setTimeout(5000, () => socket.destroy(new Error(`The lock ${address} does not answer`)));
    socket.on('data', (chunk: string) => (said += chunk));
    socket.on('end', () => {
      const pid = Number(said.trim());
      resolve({ pid: Number.isInteger(pid) && pid > 0 ? pid : null });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT' || err.code === 'ENOTSOCK') resolve(null);
      else if (said) resolve({ pid: Number(said.trim()) || null });
      else reject(err);
    });
  });
}

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    // Whoever connects learns who holds the folder, for the message of the process refused.
    const server = net.createServer((socket) => socket.end(`${process.pid}\n`));
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      server.on('error', () => undefined);
      server.unref(); // the lock never keeps a process alive by itself
      resolve(server);
    });
  });
}

/**
 * Removes a lock file nobody listens on (its process died, or an old PID file), and only that
 * file: it is moved aside first and, if another process replaced it meanwhile, put back.
 */
function removeStale(file: string, ino: number): void {
  const aside = `${file}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // another process cleaned it
    throw err;
  }
  if (fs.lstatSync(aside).ino !== ino) {
    try {
      fs.linkSync(aside, file); // a fresh lock of another process: give it back
    } catch {
      // a third process took the name meanwhile; the next attempt sees whose it is
    }
  }
  fs.rmSync(aside, { force: true });
}

/**
 * PGlite is one connection in one process: the folder is locked by a socket the process listens
 * on, which the operating system closes with the process however it ends (even SIGKILL or a
 * power cut). A lock file left behind is stale by construction when nobody answers on it, so
 * nobody ever has to delete it by hand; a process that answers holds the folder, and the one
 * starting is refused with its pid.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const { address, file } = lockAddress(dataDir);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const server = await listen(address);
      return () => new Promise<void>((resolve) => server.close(() => resolve()));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
    const ino = file ? fs.lstatSync(file, { throwIfNoEntry: false })?.ino : undefined;
    const holder = await probe(address);
    if (holder) throw new DataDirLockedError(dataDir, holder.pid);
    if (file && ino !== undefined) removeStale(file, ino);
  }
  throw new Error(`Could not lock ${dataDir}: other processes keep taking and leaving it.`);
}
