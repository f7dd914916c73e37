/**
 * The first load's weight, from a production build (`npm run build` runs first): the JavaScript (and CSS) each
 * entry screen needs before it can show, as sent with brotli (the `.br` files the server sends as they are),
 * against the budgets. A screen's files are read from Vite's manifest: the entry chunk, the lazy
 * chunks the router loads for the screen (layout + page), and every chunk they import statically.
 * `BENCH_WEB_NO_BUILD=1` measures the build already in apps/web/dist.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What each screen loads, by the source modules the router imports lazily; budgets in KB (brotli). */
const SCREENS = [
  { name: 'login route', modules: ['src/app/layouts/GuestLayout.tsx', 'src/features/auth/LoginPage.tsx'], budgetKb: 150 },
  { name: 'admin shell (dashboard)', modules: ['src/app/layouts/AdminLayout.tsx', 'src/features/dashboard/DashboardPage.tsx'], budgetKb: 250 },
  { name: 'a list screen (products)', modules: ['src/app/layouts/AdminLayout.tsx', 'src/features/products/ProductListPage.tsx'], budgetKb: null },
] as const;

/** The brotli size the server sends: the precompressed `.br` when the build wrote one, else compressed here. */
function brotliBytes(file: string): number {
  const br = `${file}.br`;
  if (fs.existsSync(br)) return fs.statSync(br).size;
  return zlib.brotliCompressSync(fs.readFileSync(file)).length;
}

function filesOf(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function run(): Promise<void> {
  if (!process.env.BENCH_WEB_NO_BUILD) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('no entry chunk in the build manifest');

  let over = false;
  console.log('screen                      | JS files | JS raw    | JS brotli | CSS brotli | budget (JS brotli)');
  for (const screen of SCREENS) {
    const { js, css } = filesOf(manifest, [entry, ...screen.modules]);
    const raw = [...js].reduce((sum, f) => sum + fs.statSync(path.join(dist, f)).size, 0);
    const br = [...js].reduce((sum, f) => sum + brotliBytes(path.join(dist, f)), 0);
    const cssBr = [...css].reduce((sum, f) => sum + brotliBytes(path.join(dist, f)), 0);
    const ok = screen.budgetKb === null || br <= screen.budgetKb * 1024;
    if (!ok) over = true;
    const budget = screen.budgetKb === null ? '—' : `≤ ${screen.budgetKb} KB ${ok ? 'ok' : 'OVER'}`;
    console.log(`${screen.name.padEnd(27)} | ${String(js.size).padStart(8)} | ${kb(raw).padStart(9)} | ${kb(br).padStart(9)} | ${kb(cssBr).padStart(10)} | ${budget}`);
  }
  const locale = path.join(dist, 'locales/en/translation.json');
  if (fs.existsSync(locale)) console.log(`English messages (loaded first): ${kb(brotliBytes(locale))} brotli`);
  if (over) {
    console.log('A budget is exceeded.');
    process.exitCode = 1;
  }
}
