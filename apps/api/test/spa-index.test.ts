import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from './test-app.ts';

/** index.html as the app's pages send it: compressed per Accept-Encoding on every path, revalidated, never cached stale. */
let t: TestApp;
let webDist: string;
// Small, as the real one is (under the global compression's 1 KB threshold).
const html = '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), html);
  fs.mkdirSync(path.join(webDist, 'assets'));
  // The build's static files are found when the server starts: the manifest and a scanner's WebAssembly file.
  fs.copyFileSync(path.resolve(import.meta.dirname, '../../web/public/manifest.webmanifest'), path.join(webDist, 'manifest.webmanifest'));
  fs.writeFileSync(path.join(webDist, 'assets', 'zxing_reader-abc.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });

describe('index.html', () => {
  it('is sent with brotli to a browser that accepts it, on / and on deep links', async () => {
    for (const url of ['/', '/login', '/admin/dashboard', '/admin/list/products?page=2']) {
      const res = await get(url, 'gzip, deflate, br, zstd');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
  });

  it('is sent with gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const acceptEncoding of ['gzip', 'gzip, br;q=0', 'deflate, gzip;q=0.5']) {
      const res = await get('/admin/dashboard', acceptEncoding);
      expect(res.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(html);
    }
  });

  it('is sent plain without Accept-Encoding or when every encoding is refused', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(html);
    }
  });

  it('follows a new build: the next request sends the new page, compressed', async () => {
    const next = html.replace('index-abc', 'index-def');
    fs.writeFileSync(path.join(webDist, 'index.html'), next);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(webDist, 'index.html'), later, later);
    const res = await get('/login', 'br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(next);
  });

  it('is not sent for API paths or files: those stay 404', async () => {
    expect((await get('/api/nothing-here', 'br')).statusCode).toBe(404);
    expect((await get('/assets/missing.js', 'br')).statusCode).toBe(404);
  });
});

describe('the installable web app and the camera scanner', () => {
  it('serves the web app manifest as application/manifest+json and the scanner’s WebAssembly as application/wasm', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const body = res.json();
    expect(body).toMatchObject({ short_name: 'Enamel', display: 'standalone', start_url: '/admin/dashboard' });
    expect(body.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
    for (const icon of body.icons as Array<{ src: string }>) expect(fs.existsSync(path.resolve(import.meta.dirname, '../../web/public', `.${icon.src}`)), icon.src).toBe(true);
    const wasm = await t.app.inject({ method: 'GET', url: '/assets/zxing_reader-abc.wasm' });
    expect(wasm.statusCode).toBe(200);
    expect(wasm.headers['content-type']).toBe('application/wasm');
  });
});
