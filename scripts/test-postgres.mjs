// Runs the API tests a second time on PostgreSQL when TEST_DATABASE_URL is set
// (the first run, `test:unit`, uses the embedded database).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests ran on the embedded database only.');
  process.exit(0);
}
console.log(`API tests on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
