import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError, runCli } from '../src/cli-core.ts';

const pkg = path.join(import.meta.dirname, '..');
function cli(args: string[], input: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: pkg, input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('enamel-forecast command line (spawned)', () => {
  it('forecasts every series in the input object', () => {
    const r = cli(['--horizon', '3', '--season', '12', '--level', '0.9'], JSON.stringify({ gloves: [5, 6, 5, 7, 6, 8, 7, 6, 7, 8], burs: [0, 0, 2, 0, 0, 0, 1, 0, 0, 3, 0, 0] }));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, { method: string; mean: number[]; lower: number[]; upper: number[] }>;
    expect(Object.keys(out)).toEqual(['gloves', 'burs']);
    expect(out.gloves!.mean).toHaveLength(3);
    expect(typeof out.burs!.method).toBe('string');
    expect(out.burs!.lower.every((v) => v >= 0)).toBe(true);
  });
  it('names the bad series and exits non-zero', () => {
    const r = cli(['--horizon', '2'], '{"ok": [1, 2, 3], "bad": [1, -4, 2]}');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/series "bad": value at index 1 is negative/);
    expect(r.stdout).toBe('');
  });
  it('rejects a non-positive horizon and invalid JSON', () => {
    expect(cli(['--horizon', '0'], '{}').code).not.toBe(0);
    const bad = cli(['--horizon', '2'], '{"a": [1, 2,');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not valid JSON/);
  });
});

describe('CLI core (in process)', () => {
  const err = (args: string[], input: string): string => {
    try {
      runCli(args, input);
    } catch (e) {
      expect(e).toBeInstanceOf(CliError);
      return (e as Error).message;
    }
    throw new Error('expected an error');
  };
  it('input errors name the series', () => {
    expect(err(['--horizon', '2'], '{"x": [1, "two"]}')).toMatch(/series "x": value at index 1 is not a number/);
    expect(err(['--horizon', '2'], '{"x": [1, null]}')).toMatch(/series "x"/);
    expect(err(['--horizon', '2'], '{"empty": []}')).toMatch(/series "empty": empty series/);
    expect(err(['--horizon', '2'], '{"x": 5}')).toMatch(/series "x": expected an array/);
    expect(err(['--horizon', '2'], '[1, 2]')).toMatch(/JSON object/);
    expect(err(['--horizon', '2'], 'NaN')).toMatch(/not valid JSON/);
  });
  it('argument errors', () => {
    expect(err([], '{}')).toMatch(/--horizon is required/);
    expect(err(['--horizon', '-3'], '{}')).toMatch(/positive integer/);
    expect(err(['--horizon', 'x'], '{}')).toMatch(/must be a number/);
    expect(err(['--horizon', '2', '--level', '2'], '{}')).toMatch(/--level/);
    expect(err(['--horizon', '2', '--foo', '1'], '{}')).toMatch(/unknown option/);
  });
  it('accepts --name=value and returns an object per id', () => {
    expect(Object.keys(runCli(['--horizon=2', '--season=1'], '{"a": [1, 2, 3, 4]}'))).toEqual(['a']);
  });
});
