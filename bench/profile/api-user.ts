/**
 * Profiles GET /api/user under autocannon (a child process), sampling only the load window with the inspector:
 * `node --import tsx bench/profile/api-user.ts` (BENCH_DATABASE_URL for PostgreSQL: it migrates that database, so
 * give it a scratch one), then `node bench/profile/summarise.mjs /tmp/api-user.cpuprofile` for self and inclusive time.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';

import { Session } from 'node:inspector/promises';
import { openDatabase } from '@enamel/db';
import { buildApp } from '../../apps/api/src/app.ts';
import { seedRoles } from '../../apps/api/src/features/roles/roles.seed.ts';
import { loadConfig } from '../../apps/api/src/env.ts';
import { createUser } from '../../apps/api/test/factories.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-prof-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
const database = process.env.BENCH_DATABASE_URL ? await openDatabase({ url: process.env.BENCH_DATABASE_URL }) : await openDatabase();
await database.migrate();
await seedRoles(database.db);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const user = await createUser(database.db, { role: 'Practice Manager', email: `prof-${Date.now()}@example.test` });
const csrf = await fetch(`${base}/api/csrf-cookie`);
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
const login = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf }, body: JSON.stringify({ email: user.email, password: user.password }) });
const setCookies = login.headers.getSetCookie().join(';');
const session = /enamel_session=([^;]+)/.exec(setCookies)![1]!;
const signedXsrf = /XSRF-TOKEN=([^;]+)/.exec(setCookies)![1]!;
const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.start');
const { spawn } = await import('node:child_process');
const out = await new Promise<string>((resolve) => {
  const child = spawn('node_modules/.bin/autocannon', ['-c', '20', '-d', process.env.SECONDS ?? '6', '-j', '-H', `cookie=enamel_session=${session}; XSRF-TOKEN=${signedXsrf}`, `${base}/api/user`]);
  let text = '';
  child.stdout.on('data', (d) => (text += d));
  child.on('exit', () => resolve(text));
});
const { profile } = await inspector.post('Profiler.stop');
fs.writeFileSync(process.env.PROFILE_OUT ?? '/tmp/api-user.cpuprofile', JSON.stringify(profile));
const r = JSON.parse(out);
console.log(database.kind, 'req/s', r.requests.average, 'p50', r.latency.p50, 'non2xx', r.non2xx);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

