/**
 * The first load's weight as the browser sees it: the production build served by the real server (web-server.ts),
 * each entry screen opened in the system Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) with an empty
 * cache, and every script it requests counted until the network has been idle for two seconds — not a list of
 * chunks read from the build manifest. Sizes are the bytes on the wire (the server sends the precompressed `.br`;
 * a script not sent with brotli is flagged). Round trips: the longest chain of requests where one is found only
 * once the previous one has arrived (the page → the scripts it names → the scripts they import…), read from
 * each request's initiator; the page itself is the first, so module preloads in index.html that name the whole
 * first-load graph make two. The signed-in
 * screens are opened after signing in through the login form. `BENCH_WEB_NO_BUILD=1` measures apps/web/dist.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_FLAGS, serveBuild, signInThroughTheForm } from './web-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const IDLE_MS = 2000;

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  budget: { kb: number; roundTrips: number } | null;
}
const SCREENS: Screen[] = [
  { name: 'login', path: '/login', signedIn: false, budget: { kb: 150, roundTrips: 2 } },
  { name: 'dashboard', path: '/admin/dashboard', signedIn: true, budget: null },
  { name: 'list (products)', path: '/admin/list/products', signedIn: true, budget: null },
];

interface Request {
  url: string;
  type: string;
  /** The request that named this one (undefined: the navigation itself). */
  parent: string | undefined;
  bytes: number;
  encoding: string;
  sentAt: number;
  finishedAt: number;
}

/**
 * The URL whose arrival let the browser find this request: the document for the parser, else the calling script.
 * A link a script inserts (Vite's preload of a lazy route's chunks) names no script ("about:client"): undefined.
 */
function initiatorUrl(initiator: { type: string; url?: string; stack?: StackTrace }): string | undefined {
  if (initiator.url?.startsWith('http')) return initiator.url;
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((f) => f.url.startsWith('http'));
    if (frame) return frame.url;
  }
  return undefined;
}
interface StackTrace {
  callFrames: { url: string }[];
  parent?: StackTrace;
}

async function record(page: Page, url: string): Promise<{ requests: Map<string, Request>; loadAt: number; document: string }> {
  const cdp: CDPSession = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Page.enable');
  const requests = new Map<string, Request>();
  let loadAt = Number.POSITIVE_INFINITY;
  let document = '';
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && !document) document = e.request.url;
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', parent: initiatorUrl(e.initiator), bytes: 0, encoding: '', sentAt: e.timestamp, finishedAt: Number.POSITIVE_INFINITY });
  });
  cdp.on('Network.responseReceived', (e) => {
    const request = requests.get(e.requestId);
    if (request) request.encoding = (e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity');
  });
  cdp.on('Network.dataReceived', (e) => {
    const request = requests.get(e.requestId);
    if (request) request.bytes += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const request = requests.get(e.requestId);
    if (request) request.finishedAt = e.timestamp;
  });
  cdp.on('Page.loadEventFired', (e) => {
    if (loadAt === Number.POSITIVE_INFINITY) loadAt = e.timestamp;
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForNetworkIdle({ idleTime: IDLE_MS, timeout: 60_000 });
  await cdp.detach();
  return { requests, loadAt, document };
}

/**
 * The round trip in which each request went out: the page is the first; what it names, the second; a request a
 * script made, one more than that script's. When the initiator names no script, the request may have waited for
 * any script that had arrived before it went out: counted after the latest of them (an upper bound).
 */
function roundTrips(requests: Map<string, Request>, document: string): Map<string, number> {
  const trip = new Map<string, number>();
  const inOrder = [...requests.values()].sort((a, b) => a.sentAt - b.sentAt);
  for (const request of inOrder) {
    if (trip.has(request.url)) continue;
    if (request.url === document) trip.set(request.url, 1);
    else if (request.parent && trip.has(request.parent)) trip.set(request.url, trip.get(request.parent)! + 1);
    else {
      const arrived = inOrder.filter((r) => r.type === 'Script' && r.finishedAt <= request.sentAt).map((r) => trip.get(r.url) ?? 1);
      trip.set(request.url, Math.max(1, ...arrived) + 1);
    }
  }
  return trip;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function run(): Promise<void> {
  if (!process.env.BENCH_WEB_NO_BUILD) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const served = await serveBuild('web');
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS.filter((f) => !f.startsWith('--headless')) });
  let over = false;
  try {
    console.log(`Every script each screen requests until the network is idle for ${IDLE_MS} ms (empty cache, ${CHROMIUM}, bytes on the wire):`);
    console.log('screen           | scripts | JS on the wire | by load  | round trips | CSS      | other (JSON…) | budget');
    const guest = await browser.createBrowserContext();
    const signedIn = await browser.createBrowserContext();
    await signInThroughTheForm(signedIn as unknown as Browser, served.base, served.admin);
    for (const screen of SCREENS) {
      const page = await (screen.signedIn ? signedIn : guest).newPage();
      const { requests, loadAt, document } = await record(page, `${served.base}${screen.path}`);
      if (new URL(page.url()).pathname !== screen.path) throw new Error(`${screen.path} ended at ${page.url()}`);
      await page.close();
      const all = [...requests.values()];
      const scripts = all.filter((r) => r.type === 'Script');
      const depths = roundTrips(requests, document);
      const trips = Math.max(1, ...scripts.map((r) => depths.get(r.url) ?? 1));
      const sum = (rs: Request[]) => rs.reduce((s, r) => s + r.bytes, 0);
      const js = sum(scripts);
      const byLoad = sum(scripts.filter((r) => r.finishedAt <= loadAt));
      const css = sum(all.filter((r) => r.type === 'Stylesheet'));
      const other = sum(all.filter((r) => r.type === 'Fetch' || r.type === 'XHR'));
      const plain = scripts.filter((r) => r.encoding !== 'br' && r.bytes > 1024);
      let budget = '—';
      if (screen.budget) {
        const ok = js <= screen.budget.kb * 1024 && trips <= screen.budget.roundTrips;
        if (!ok) over = true;
        budget = `≤ ${screen.budget.kb} KB in ≤ ${screen.budget.roundTrips} round trips ${ok ? 'ok' : 'OVER'}`;
      }
      console.log(
        `${screen.name.padEnd(16)} | ${String(scripts.length).padStart(7)} | ${kb(js).padStart(14)} | ${kb(byLoad).padStart(8)} | ${String(trips).padStart(11)} | ${kb(css).padStart(8)} | ${kb(other).padStart(13)} | ${budget}`,
      );
      const doc = all.find((r) => r.url === document);
      if (doc && doc.encoding === 'identity') console.log(`  ${screen.path}: index.html sent uncompressed (${kb(doc.bytes)})`);
      for (const r of plain) console.log(`  sent without brotli (${r.encoding}): ${r.url}`);
      if (process.env.BENCH_WEB_VERBOSE) {
        for (const r of scripts.sort((a, b) => b.bytes - a.bytes)) console.log(`    ${kb(r.bytes).padStart(9)}  trip ${depths.get(r.url) ?? 1}  ${new URL(r.url).pathname}  ← ${r.parent ? new URL(r.parent).pathname : '-'}`);
      }
    }
  } finally {
    await browser.close();
    await served.stop();
  }
  if (over) {
    console.log('A budget is exceeded.');
    process.exitCode = 1;
  }
}
