/**
 * Speed of automatic selection: 10,000 synthetic monthly series (seeded, deterministic), horizon 12,
 * season 12, on one core (the main thread). Mix: 60 % smooth seasonal/trended series of 4–12
 * years, 40 % intermittent series of 3–6 years, like a practice's product list.
 */
import os from 'node:os';
import { forecast, mulberry32 } from '../packages/forecast/src/index.ts';

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
}
