/**
 * `npm run bench`: every benchmark in turn, each printing its own figures. `npm run bench -- api-user` runs one;
 * a prefix runs a group (`npm run bench -- forecast`: forecast-accuracy and forecast-speed). Every `.ts` file here
 * with a run() is one (`web`: first-load budgets; `lighthouse`: Lighthouse scores of the first screens).
 */
import fs from 'node:fs';
import path from 'node:path';

const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name === w || name.startsWith(`${w}-`)))
  .sort();

for (const name of files) {
  const mod = (await import(path.join(import.meta.dirname, `${name}.ts`))) as { run?: () => Promise<void> };
  // Helper modules (sign-in.ts) export no run().
  if (typeof mod.run !== 'function') continue;
  console.log(`\n=== ${name} ===`);
  await mod.run();
}
