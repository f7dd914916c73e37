import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './error-handler.ts';
import { routePath } from './session-hook.ts';

interface Page {
  mtimeMs: number;
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** index.html as sent: plain, brotli and gzip, compressed once per build (read again when the file changes). */
function pageCache(index: string): () => Page {
  let page: Page | undefined;
  return () => {
    const { mtimeMs } = fs.statSync(index);
    if (page?.mtimeMs !== mtimeMs) {
      const plain = fs.readFileSync(index);
      page = {
        mtimeMs,
        plain,
        br: zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: zlib.gzipSync(plain, { level: 9 }),
      };
    }
    return page;
  };
}

/** The encoding the client accepts (brotli first, then gzip; `q=0` refuses), or none. */
function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Serves the built web app (precompressed, hashed assets cached for good); deep links (e.g. /admin/profile) get index.html. */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(index);
  const page = pageCache(index);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // `npm run build` writes `.br` and `.gz` beside every text asset: sent as they are when accepted.
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html must always be revalidated.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = routePath(request);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !/\.[a-z0-9]+$/i.test(pathname) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasBuild) {
      // Compressed here whatever its size (the global compression skips bodies under 1 KB); `/` comes here too.
      const current = page();
      const encoding = pageEncoding(request.headers['accept-encoding']);
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      if (!encoding) return reply.send(current.plain);
      return reply.header('content-encoding', encoding).send(current[encoding]);
    }
    return sendError(request, reply, 'not_found');
  });
}
