/**
 * Runs a benchmark on the embedded database and, with BENCH_DATABASE_URL (or TEST_DATABASE_URL), on PostgreSQL in
 * a fresh database created next to it and dropped afterwards. `bench(label, env, open)` gets the environment a
 * command such as the seeder reads, and how to open that database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@enamel/db';

export type BenchOnDatabase = (label: string, env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>) => Promise<void>;

export async function onEachDatabase(prefix: string, bench: BenchOnDatabase): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `enamel-bench-${prefix}-db-`));
  const { DATABASE_URL: _embeddedOnly, ...inherited } = process.env;
  try {
    await bench('embedded', { ...inherited, DATA_DIR: dataDir }, () => openDatabase({ dataDir }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it');
    return;
  }
  const name = `enamel_bench_${prefix.replace(/\W/g, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    await bench('PostgreSQL', { ...inherited, DATABASE_URL: target.toString(), DATA_DIR: os.tmpdir() }, () => openDatabase({ url: target.toString() }));
  } finally {
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}
