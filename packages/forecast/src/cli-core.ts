/** Argument parsing and the whole command as a pure function (the I/O is in cli.ts). */
import { forecast, type MethodName } from './forecast.ts';

const USAGE = 'usage: enamel-forecast --horizon <n> [--season <m>] [--level <0..1>] [--method <name>] < series.json';

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export interface CliOptions {
  horizon: number;
  season: number;
  level: number;
  method: MethodName;
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const opts: Partial<Record<string, string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') throw new CliError(USAGE, 0);
    const eq = /^--([a-z]+)=(.*)$/.exec(a);
    if (eq) opts[eq[1]!] = eq[2]!;
    else if (a.startsWith('--')) {
      const v = argv[i + 1];
      if (v === undefined) throw new CliError(`missing value for ${a}\n${USAGE}`, 2);
      opts[a.slice(2)] = v;
      i++;
    } else throw new CliError(`unexpected argument ${a}\n${USAGE}`, 2);
  }
  for (const k of Object.keys(opts)) if (!['horizon', 'season', 'level', 'method'].includes(k)) throw new CliError(`unknown option --${k}\n${USAGE}`, 2);
  if (opts.horizon === undefined) throw new CliError(`--horizon is required\n${USAGE}`, 2);
  const num = (name: string, v: string | undefined, def: number): number => {
    if (v === undefined) return def;
    const x = Number(v);
    if (v.trim() === '' || !Number.isFinite(x)) throw new CliError(`--${name} must be a number, got "${v}"`, 2);
    return x;
  };
  const horizon = num('horizon', opts.horizon, 0);
  if (!Number.isInteger(horizon) || horizon <= 0) throw new CliError(`--horizon must be a positive integer, got "${opts.horizon}"`, 2);
  const season = num('season', opts.season, 1);
  if (!Number.isInteger(season) || season < 1) throw new CliError(`--season must be a positive integer, got "${opts.season ?? ''}"`, 2);
  const level = num('level', opts.level, 0.95);
  if (!(level > 0 && level < 1)) throw new CliError(`--level must be between 0 and 1, got "${opts.level ?? ''}"`, 2);
  return { horizon, season, level, method: (opts.method ?? 'auto') as MethodName };
}

export interface CliSeriesOutput {
  method: string;
  mean: number[];
  lower: number[];
  upper: number[];
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** The whole command as a pure function of its arguments and standard input text. */
export function runCli(argv: readonly string[], input: string): Record<string, CliSeriesOutput> {
  const opts = parseArgs(argv);
  let data: unknown;
  try {
    data = JSON.parse(input);
  } catch (e) {
    throw new CliError(`input is not valid JSON: ${(e as Error).message}`, 1);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new CliError('input must be a JSON object { "id": [numbers...] }', 1);
  const out: Record<string, CliSeriesOutput> = {};
  for (const [id, series] of Object.entries(data as Record<string, unknown>)) {
    if (!Array.isArray(series)) throw new CliError(`series "${id}": expected an array of numbers`, 1);
    try {
      const r = forecast(series as number[], { horizon: opts.horizon, seasonalPeriod: opts.season, level: opts.level, method: opts.method });
      out[id] = { method: r.method, mean: r.mean.map(round), lower: r.lower.map(round), upper: r.upper.map(round) };
    } catch (e) {
      const msg = (e as Error).message.replace(/^series: /, '');
      throw new CliError(`series "${id}": ${msg}`, 1);
    }
  }
  return out;
}

