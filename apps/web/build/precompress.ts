import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing (source maps are for developers and stay as they are). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|wasm)$/;
/** Smaller files gain nothing; the server sends them as they are. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/** Writes `<file>.br` (brotli, maximum quality) and `<file>.gz` (gzip -9) beside every text file of a directory. */
export function precompressDir(dir: string): { files: number } {
  let files = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    files += 1;
  }
  return { files };
}

/** Vite plugin: after the build, the server's `preCompressed` static files are written (see apps/api/src/core/spa.ts). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'enamel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
