import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a local receiver got. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  path: string;
  body: string;
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1 for tests and the bench: keeps what it got, answers `status(n)` for the n-th
 * request (200 unless told otherwise).
 */
export async function startReceiver(status: (n: number, body: string) => number = () => 200, delayMs = 0) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, path: req.url ?? '', body, at: Date.now() });
      const code = status(received.length, body);
      const answer = () => {
        res.statusCode = code;
        res.end(code < 300 ? 'ok' : 'nope');
      };
      if (delayMs) setTimeout(answer, delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
