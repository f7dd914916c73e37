import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './error-handler.ts';
import { routePath } from './session-hook.ts';

/** Serves the built web app (precompressed, hashed assets cached for good); deep links (e.g. /admin/profile) get index.html. */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(index);
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
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(index));
    }
    return sendError(request, reply, 'not_found');
  });
}
