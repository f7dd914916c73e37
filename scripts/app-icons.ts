/**
 * Draws the installable web app's icons (apps/web/public/icons/*.png) from the favicon's tooth, with the system
 * Chromium (no network, no downloaded browser). Run once when the logo changes: `node --import tsx scripts/app-icons.ts`;
 * the PNGs are committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'apps/web/public/icons');
const TOOTH =
  'M11.5 8c1.6 0 2.8.8 4.5.8S18.9 8 20.5 8C23.5 8 25 10.4 25 13.3c0 2.2-.8 3.7-1.6 5.4-.7 1.6-1 3.3-1.3 5-.2 1.2-1 2.3-2 2.3-1.3 0-1.7-1.4-2-2.8-.3-1.5-.8-3-2.1-3s-1.8 1.5-2.1 3c-.3 1.4-.7 2.8-2 2.8-1 0-1.8-1.1-2-2.3-.3-1.7-.6-3.4-1.3-5C7.8 17 7 15.5 7 13.3 7 10.4 8.5 8 11.5 8z';
/** The theme's primary colour (Mantine green 8, as favicon.svg). */
const GREEN = '#2f9e44';

/** `any`: the rounded square of the favicon; `maskable`: full bleed, the tooth inside the 80 % safe circle. */
const svg = (maskable: boolean) => {
  const scale = maskable ? 0.6 : 1;
  const offset = (32 - 32 * scale) / 2;
  const background = maskable ? `<rect width="32" height="32" fill="${GREEN}"/>` : `<rect width="32" height="32" rx="8" fill="${GREEN}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}<g transform="translate(${offset} ${offset}) scale(${scale})"><path d="${TOOTH}" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/></g></svg>`;
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
fs.mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
  for (const maskable of [false, true]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(maskable).replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    const file = path.join(out, `icon-${maskable ? 'maskable-' : ''}${size}.png`);
    await page.screenshot({ path: file, omitBackground: true });
    await page.close();
    console.log(file);
  }
}
await browser.close();
