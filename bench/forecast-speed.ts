/**
 * Speed of automatic selection: 10,000 synthetic monthly series (seeded, deterministic), horizon 12,
 * season 12, on one core (the main thread). Mix: 60 % smooth seasonal/trended series of 4–12
 * years, 40 % intermittent series of 3–6 years, like a practice's product list.
 *
 * Then the command line as a user runs it: the built `enamel-forecast --horizon 18 --season 12` on
 * the 300 M3 monthly training series of bench/forecast-data (a fresh process each time, start-up,
 * module loading and JIT warm-up included), five runs, with the process's CPU time (all threads:
 * V8 compiles and collects garbage on helper threads) next to the wall clock, which a loaded
 * machine stretches. Needs `npm run build -w @enamel/forecast` first.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { forecast, mulberry32 } from '@enamel/forecast';

export function syntheticSeries(count: number, seed = 20261122): number[][] {
  const rng = mulberry32(seed);
  const out: number[][] = [];
  for (let i = 0; i < count; i++) {
    if (rng() < 0.6) {
      const n = 48 + Math.floor(rng() * 97);
      const level = 20 + rng() * 500;
      const trend = (rng() - 0.5) * level * 0.01;
      const amp = rng() * 0.3;
      const phase = rng() * 12;
      const noise = 0.05 + rng() * 0.2;
      out.push(Array.from({ length: n }, (_, t) => Math.max(0, Math.round((level + trend * t) * (1 + amp * Math.sin((2 * Math.PI * (t + phase)) / 12)) * (1 + noise * (rng() + rng() + rng() - 1.5))))));
    } else {
      const n = 36 + Math.floor(rng() * 37);
      const p = 0.1 + rng() * 0.5;
      const size = 1 + rng() * 8;
      out.push(Array.from({ length: n }, () => (rng() < p ? 1 + Math.floor(rng() * size) : 0)));
    }
  }
  return out;
}

export async function run(): Promise<void> {
  const series = syntheticSeries(10_000);
  // Warm up the JIT on a few series first.
  for (const y of series.slice(0, 200)) forecast(y, { horizon: 12, seasonalPeriod: 12 });
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let check = 0;
  const timeByKind = { smooth: 0, intermittent: 0 };
  const countByKind = { smooth: 0, intermittent: 0 };
  for (const y of series) {
    const s = performance.now();
    const r = forecast(y, { horizon: 12, seasonalPeriod: 12 });
    const kind = r.classification.class === 'intermittent' || r.classification.class === 'lumpy' ? 'intermittent' : 'smooth';
    timeByKind[kind] += performance.now() - s;
    countByKind[kind]++;
    check += r.mean[0]!;
  }
  const secs = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSecs = (cpu.user + cpu.system) / 1e6;
  console.log(`CPU: ${os.cpus()[0]?.model ?? 'unknown'} (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}); Node ${process.version}; one core (main thread)`);
  console.log(`10,000 monthly series, automatic selection, horizon 12:`);
  console.log(`  wall clock ${secs.toFixed(2)} s → ${(series.length / secs).toFixed(0)} series/s (${((secs * 1000) / series.length).toFixed(3)} ms/series)`);
  console.log(`  CPU time   ${cpuSecs.toFixed(2)} s → ${(series.length / cpuSecs).toFixed(0)} series/s (${((cpuSecs * 1000) / series.length).toFixed(3)} ms/series; includes GC threads)`);
  for (const k of ['smooth', 'intermittent'] as const) console.log(`  ${k === 'smooth' ? 'smooth/erratic' : 'intermittent/lumpy'} series: ${countByKind[k]}, ${(timeByKind[k] / Math.max(1, countByKind[k])).toFixed(3)} ms/series`);
  console.log(`  (checksum ${check.toFixed(1)})`);
  cliSpeed();
}

function cliSpeed(): void {
  const cli = path.join(import.meta.dirname, '../packages/forecast/dist/cli.js');
  const data = path.join(import.meta.dirname, 'forecast-data/m3-carparts.json');
  if (!fs.existsSync(cli)) {
    console.log('enamel-forecast: not built (npm run build -w @enamel/forecast); command-line timing skipped.');
    return;
  }
  const m3 = (JSON.parse(fs.readFileSync(data, 'utf8')) as { seasonal: { series: Array<{ id: string; train: number[] }> } }).seasonal.series;
  const input = JSON.stringify(Object.fromEntries(m3.map((s) => [s.id, s.train])));
  // The child reports its own CPU time when it exits (everything after Node's own bootstrap).
  const report = `data:text/javascript,process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write('\\ncpu '+u.user+' '+u.system+'\\n')})`;
  const runs: Array<{ wall: number; user: number; system: number }> = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['--import', report, cli, '--horizon', '18', '--season', '12'], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
    const wall = (performance.now() - t0) / 1000;
    const m = /cpu (\d+) (\d+)/.exec(r.stderr);
    if (r.status !== 0 || !m) {
      console.log(`enamel-forecast failed: ${r.stderr}`);
      return;
    }
    runs.push({ wall, user: Number(m[1]) / 1e6, system: Number(m[2]) / 1e6 });
  }
  const med = (k: 'wall' | 'user' | 'system') => runs.map((r) => r[k]).sort((a, b) => a - b)[2]!;
  const cpu = runs.map((r) => r.user + r.system).sort((a, b) => a - b);
  console.log(`enamel-forecast --horizon 18 --season 12 on the 300 M3 series (built CLI, fresh process, 5 runs, load average ${os.loadavg()[0]!.toFixed(2)}):`);
  console.log(`  CPU time median ${cpu[2]!.toFixed(2)} s (user ${med('user').toFixed(2)} + system ${med('system').toFixed(2)}; min ${cpu[0]!.toFixed(2)}, max ${cpu[4]!.toFixed(2)}); wall clock median ${med('wall').toFixed(2)} s`);
}
