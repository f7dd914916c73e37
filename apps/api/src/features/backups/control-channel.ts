import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { folderSocketAddress } from '@enamel/db';

/**
 * The local channel through which `npm run backup` asks the running server (which holds the embedded
 * database and its folder lock) to take a backup. The server listens on a Unix socket
 * `DATA_DIR/enamel-control.sock` (a named pipe on Windows; Linux's abstract namespace when the path is too
 * long), and at each start writes a new random token to `DATA_DIR/control-token`, readable by its own user
 * only (0600). A request is one JSON line `{"token","command"}`; the answer one JSON line. Only someone who
 * can read the server's data folder can ask, the channel never leaves the machine, and nothing of it is on
 * the HTTP port. The socket file is made 0600 as well; the token is what guards the other two kinds of address.
 */

export const CONTROL_SOCKET = 'enamel-control.sock';
export const CONTROL_TOKEN = 'control-token';
/** A request is one short line; anything longer is not one of ours. */
const MAX_REQUEST = 4096;

export type ControlCommand = 'backup';
export type ControlReply = { ok: true; data: Record<string, unknown> } | { ok: false; message: string };
export type ControlHandlers = Record<ControlCommand, () => Promise<Record<string, unknown>>>;

const address = (dataDir: string) => folderSocketAddress(dataDir, CONTROL_SOCKET, 'enamel-control');

function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Starts listening (the caller holds the data folder's lock, so any socket file found there is a leftover of
 * a process that died and is removed). Returns the function that stops it and removes its token.
 */
export async function startControlChannel(dataDir: string, handlers: ControlHandlers, log: { warn: (obj: object, msg: string) => void }): Promise<() => Promise<void>> {
  const token = crypto.randomBytes(32).toString('base64url');
  const tokenFile = path.join(dataDir, CONTROL_TOKEN);
  const fresh = `${tokenFile}.${process.pid}`;
  fs.rmSync(fresh, { force: true });
  fs.writeFileSync(fresh, `${token}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(fresh, tokenFile);

  const { address: where, file } = address(dataDir);
  if (file) fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let received = '';
    let answered = false;
    const answer = (reply: ControlReply) => {
      if (answered) return;
      answered = true;
      socket.end(`${JSON.stringify(reply)}\n`);
    };
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      if (answered) return;
      received += chunk;
      if (received.length > MAX_REQUEST) return answer({ ok: false, message: 'Request too long.' });
      const newline = received.indexOf('\n');
      if (newline < 0) return;
      socket.setTimeout(0); // a backup may take minutes: the client waits for it
      let request: { token?: unknown; command?: unknown };
      try {
        request = JSON.parse(received.slice(0, newline)) as typeof request;
      } catch {
        return answer({ ok: false, message: 'Not a control request.' });
      }
      if (!sameToken(request.token, token)) return answer({ ok: false, message: 'Wrong control token: is this the server of this data folder?' });
      const handler = Object.hasOwn(handlers, String(request.command)) ? handlers[request.command as ControlCommand] : undefined;
      if (!handler) return answer({ ok: false, message: `Unknown command: ${String(request.command)}` });
      handler().then(
        (data) => answer({ ok: true, data }),
        (err: unknown) => {
          log.warn({ err }, `control command ${String(request.command)} failed`);
          answer({ ok: false, message: err instanceof Error ? err.message : String(err) });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log.warn({ err }, 'control channel error'));
  server.unref();
  if (file) fs.chmodSync(file, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(tokenFile, { force: true });
  };
}

/**
 * Asks the server of a data folder to run a command. `null` when no server listens there (nothing to talk
 * to: the caller may do the work itself under the folder lock); otherwise the server's answer.
 */
export async function askServer(dataDir: string, command: ControlCommand, timeoutMs = 30 * 60_000): Promise<ControlReply | null> {
  if (!fs.existsSync(dataDir)) return null;
  let token: string;
  try {
    token = fs.readFileSync(path.join(dataDir, CONTROL_TOKEN), 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const { address: where } = address(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(where);
    let said = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`The server did not answer within ${Math.round(timeoutMs / 1000)} s.`)));
    socket.on('connect', () => socket.write(`${JSON.stringify({ token, command })}\n`));
    socket.on('data', (chunk: string) => (said += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(said.trim()) as ControlReply);
      } catch {
        reject(new Error(`The server's answer could not be read: ${said.slice(0, 200)}`));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // Nobody listens: a token left by a server that was killed, or no server at all.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT' || err.code === 'ENOTSOCK') resolve(null);
      else reject(err);
    });
  });
}
