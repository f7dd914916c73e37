/**
 * Lighthouse on the first screens (issue 11: performance ≥ 90 and accessibility 100), desktop preset, in the
 * system Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium), against the production build served by the real
 * server (`apps/api/src/main.ts` on a fresh data folder with the demo data). Each page is measured
 * BENCH_LIGHTHOUSE_RUNS times (3); the median of each figure is printed; `BENCH_LIGHTHOUSE_PAGES=login,dashboard`
 * measures only the pages named (by the first word of their name). A bench, not a test: it prints the figures
 * and flags the ones under target, and never fails a build. The desktop preset does not slow the CPU down, so on a
 * machine busy with other work the blocking time (and with it the performance score) of the heavier pages moves
 * from run to run: compare figures taken on a quiet machine. `BENCH_WEB_NO_BUILD=1` measures the build already in
 * apps/web/dist; `BENCH_LIGHTHOUSE_REPORTS=<folder>` keeps each run's full report (JSON, for the Lighthouse viewer).
 *
 * The signed-in pages: before them the browser signs in through the login form (puppeteer-core, connected to the
 * same Chromium), so it holds the session cookie and the app's signed-in state (localStorage), which Lighthouse
 * leaves alone between runs (it clears the HTTP cache, service workers and Cache Storage): each measured load
 * starts on its own page, as a signed-in user's would. (A cookie in Lighthouse's extraHeaders is not enough: the
 * browser's own cookies for the origin replace it, and the app would start at /login without its stored state.)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_FLAGS, serveBuild, signInThroughTheForm } from './web-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
const TARGET = { performance: 90, accessibility: 100 };

interface Page {
  name: string;
  path: string;
  signedIn: boolean;
}
const PAGES: Page[] = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/admin/dashboard', signedIn: true },
  { name: 'list (products)', path: '/admin/list/products', signedIn: true },
];

interface Figures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  finalUrl: string;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Signs in through the login form in the browser Lighthouse drives (web-server.ts). */
async function signInThere(port: number, base: string, admin: { email: string; password: string }): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    await signInThroughTheForm(browser, base, admin);
  } finally {
    await browser.disconnect();
  }
}

/** One Lighthouse run; a run Lighthouse itself could not complete (a protocol timeout on a busy machine) is tried again, twice at most. */
async function audit(port: number, url: string, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, desktopConfig);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (REPORTS) {
    fs.mkdirSync(REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(REPORTS, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) {
    const problem = `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt >= 3) throw new Error(problem);
    console.log(`${problem}; trying that run again`);
    return audit(port, url, attempt + 1);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

export async function run(): Promise<void> {
  if (!process.env.BENCH_WEB_NO_BUILD) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  // The demo data and the real server on the production build (web-server.ts, shared with the web bench).
  const served = await serveBuild('lighthouse');
  const { base } = served;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROMIUM_FLAGS,
    });
    console.log(`Lighthouse ${RUNS}× per page, desktop preset, ${CHROMIUM}, production build served by the server; medians:`);
    console.log('page             | performance | accessibility | FCP      | LCP      | TBT     | CLS   ');
    let signedInOnce = false;
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
    for (const page of PAGES.filter((p) => !only || only.includes(p.name.split(' ')[0]!))) {
      if (page.signedIn && !signedInOnce) {
        await signInThere(chrome.port, base, served.admin);
        signedInOnce = true;
      }
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const figures = await audit(chrome.port, `${base}${page.path}`);
        if (new URL(figures.finalUrl).pathname !== page.path) throw new Error(`${page.path} ended at ${figures.finalUrl}`);
        runs.push(figures);
      }
      const perf = median(runs.map((r) => r.performance));
      const a11y = median(runs.map((r) => r.accessibility));
      const flag = (value: number, target: number) => `${String(value).padStart(3)} ${value >= target ? 'ok  ' : 'LOW '}`;
      const ms = (xs: number[]) => `${Math.round(median(xs))} ms`.padStart(8);
      console.log(
        `${page.name.padEnd(16)} | ${flag(perf, TARGET.performance).padEnd(11)} | ${flag(a11y, TARGET.accessibility).padEnd(13)} | ${ms(runs.map((r) => r.fcp))} | ${ms(runs.map((r) => r.lcp))} | ${ms(runs.map((r) => r.tbt)).padStart(7)} | ${median(runs.map((r) => r.cls)).toFixed(3)} ` +
          `(runs: performance ${runs.map((r) => r.performance).join('/')}, accessibility ${runs.map((r) => r.accessibility).join('/')})`,
      );
    }
    console.log(`Targets: performance ≥ ${TARGET.performance}, accessibility ${TARGET.accessibility}.`);
  } finally {
    chrome?.kill();
    await served.stop();
  }
}
