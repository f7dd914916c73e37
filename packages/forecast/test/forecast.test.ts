import { describe, expect, it } from 'vitest';
import { boundRule, bounds, countPmf, discreteInterval, forecast, mulberry32, runMethod, SELECTION, sizeBounds, type MethodName } from '../src/index.ts';
import { AIR, INTER, REF } from './helpers.ts';

const ALL: MethodName[] = ['naive', 'snaive', 'mean', 'smean', 'zero', 'ses', 'holt', 'damped', 'holt-winters', 'ets', 'theta', 'ets-theta', 'ses-sa', 'theta-ses', 'arima', 'ets-arima-theta', 'croston', 'sba', 'tsb', 'adida', 'imapa', 'intermittent-combo', 'theta-tsb', 'auto'];

describe('forecast() — automatic selection', () => {
  it('smooth seasonal series: the ETS + ARIMA + Theta combination, ordered bounds', () => {
    const r = forecast(AIR, { horizon: 12, seasonalPeriod: 12 });
    expect(r.classification.class).toBe('smooth');
    expect(r.method).toBe('ets-arima-theta');
    expect(r.stats.selection).toBe('rolling-origin');
    expect(r.stats.candidates.length).toBeGreaterThan(2);
    expect(r.mean).toHaveLength(12);
    for (let i = 0; i < 12; i++) {
      expect(r.lower[i]!).toBeLessThanOrEqual(r.mean[i]!);
      expect(r.upper[i]!).toBeGreaterThanOrEqual(r.mean[i]!);
    }
    // AirPassengers 1953 averaged 247 a month; a sane forecast is in the right region.
    const avg = r.mean.reduce((a, b) => a + b, 0) / 12;
    expect(avg).toBeGreaterThan(180);
    expect(avg).toBeLessThan(280);
  });

  it('intermittent series: intermittent methods, integer bounds that include zero', () => {
    const r = forecast(INTER, { horizon: 6, seasonalPeriod: 12, level: 0.9 });
    expect(['intermittent', 'lumpy']).toContain(r.classification.class);
    expect(r.stats.distribution).toBe('count');
    for (const v of [...r.lower, ...r.upper]) expect(Number.isInteger(v)).toBe(true);
    expect(r.lower.every((v) => v === 0)).toBe(true);
    expect(r.upper[0]!).toBeGreaterThanOrEqual(1);
  });

  it('every method returns non-negative forecasts and bounds on awkward series', () => {
    const rng = mulberry32(7);
    const series = [
      [50, 40, 30, 20, 10, 5, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], // collapsing demand
      Array.from({ length: 40 }, (_, t) => Math.max(0, Math.round(30 - t + 5 * rng()))),
      Array.from({ length: 60 }, () => (rng() < 0.2 ? Math.ceil(rng() * 20) : 0)),
    ];
    for (const y of series)
      for (const method of ALL) {
        const r = forecast(y, { horizon: 18, seasonalPeriod: 12, method });
        for (const v of [...r.mean, ...r.lower, ...r.upper]) {
          expect(Number.isFinite(v), `${method}`).toBe(true);
          expect(v, `${method}`).toBeGreaterThanOrEqual(0);
        }
      }
  });
});

describe('forecast() — combinations', () => {
  it('a member forecasting below zero counts as zero demand in the combination (it does not cancel the others)', () => {
    // Demand that declined to a few scattered units: Theta's drift extrapolates below zero, TSB keeps a small probability.
    const y = [9, 8, 8, 7, 6, 6, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
    const t = runMethod('theta', y, 12, 1).mean;
    const s = runMethod('tsb', y, 12, 1).mean;
    expect(t[11]!).toBeLessThan(0);
    const c = forecast(y, { horizon: 12, method: 'theta-tsb' }).mean;
    for (let i = 0; i < 12; i++) expect(c[i]!).toBeCloseTo((Math.max(0, t[i]!) + s[i]!) / 2, 10);
    expect(c[11]!).toBeGreaterThan(0);
  });
  it('theta-tsb and ets-arima-theta are the equal-weight means of their members', () => {
    const mean = (ms: MethodName[], y: number[], m: number) => ms.map((method) => forecast(y, { horizon: 4, seasonalPeriod: m, method }).mean);
    const [t, s, c] = mean(['theta', 'tsb', 'theta-tsb'], INTER, 12);
    for (let i = 0; i < 4; i++) expect(c![i]!).toBeCloseTo((t![i]! + s![i]!) / 2, 10);
    const [e, a, th, eat] = mean(['ets', 'arima', 'theta', 'ets-arima-theta'], AIR, 12);
    for (let i = 0; i < 4; i++) expect(eat![i]!).toBeCloseTo((e![i]! + a![i]! + th![i]!) / 3, 8);
  });
});

describe('forecast() — bounds', () => {
  it('a count forecast whose lower bound is 0 covers the level with [0, level quantile] (Poisson, by hand; scipy.stats.poisson.cdf)', () => {
    // Poisson(2): F(0) = 0.135, F(2) = 0.677, F(3) = 0.857, F(4) = 0.947, F(5) = 0.983, F(6) = 0.9955. At 95 % (quantile
    // rule) the 2.5 % quantile is 0, so the lower tail is empty and the interval is [0, q(0.95)] = [0, 5]; the
    // equal-tailed [q(0.025), q(0.975)] = [0, 6] would cover 99.5 %.
    const b = bounds({ method: 'x', mean: [2], sd: [Math.SQRT2], distribution: 'count', params: {} }, 0.95, true);
    expect(b).toMatchObject({ lower: [0], upper: [5], distribution: 'count' });
  });
  it('80 % count bounds: the left-out lower mass nearest the lower tail, the interval’s own coverage nearest the level (Poisson, by hand)', () => {
    // Poisson(2) at 80 %: leaving out 0 leaves out 0.135, nearer the 10 % tail than leaving out nothing → lower 1.
    // Upper: coverage F(hi) − 0.135 is 0.722 for 3 and 0.812 for 4 → 4. [1, 4] covers 81.2 %; the earlier rule
    // (quantile lower bound 0, then the upper bound nearest F = 0.8) gave [0, 3], 85.7 %.
    const b = bounds({ method: 'x', mean: [2], sd: [Math.SQRT2], distribution: 'count', params: {} }, 0.8, true);
    expect(b).toMatchObject({ lower: [1], upper: [4], distribution: 'count' });
  });
  it('continuous demand: [0, μ + z(level)σ] when the lower bound would be negative, equal tails otherwise', () => {
    const b = bounds({ method: 'x', mean: [1, 10], sd: [1, 1], distribution: 'normal', params: {} }, 0.8, false);
    expect(b.lower[0]).toBe(0);
    expect(b.upper[0]!).toBeCloseTo(1 + 0.841621, 5); // z(0.80)
    expect(b.lower[1]!).toBeCloseTo(10 - 1.281552, 5); // z(0.90)
    expect(b.upper[1]!).toBeCloseTo(10 + 1.281552, 5);
  });
  it('occurrence × size bounds (by hand): p = mean / mean size, then the item’s own sizes', () => {
    // Sizes 1, 1, 2, 5 (mean 2.25); mean 0.45 → p = 0.2. 95 %: lower tail 0.025 < P(0) = 0.8 → 0; upper at 0.95:
    // (0.95 − 0.8) / 0.2 = 0.75 of the sizes → the 3rd of 4 → 2. 80 %: 0.8 ≤ P(0) → 0.
    expect(sizeBounds([0.45], [5, 1, 2, 1], 0.95)).toEqual({ lower: [0], upper: [2] });
    expect(sizeBounds([0.45], [5, 1, 2, 1], 0.8)).toEqual({ lower: [0], upper: [0] });
  });
  it('discrete bounds: rounded to the nearest tail and coverage below 90 %, up to the quantile from 90 % (reference: compute_reference.py, checked against scipy.stats)', () => {
    expect(boundRule(0.8)).toBe('nearest');
    expect(boundRule(0.9)).toBe('quantile');
    expect(boundRule(0.95)).toBe('quantile');
    for (const [mu, v, level, rule, expected] of REF.countIntervals) {
      // e.g. Poisson(0.3): F(0) = 0.741, F(1) = 0.963 → 80 % upper bound 1 by quantile, 0 by nearest;
      // NB(mean 1.2, variance 3): F(4) = 0.945, F(5) = 0.968 → 95 % upper bound 5 by quantile, 4 by nearest.
      // Nearest also rounds the lower tail and then the interval's own coverage: Poisson(2) at 80 % → [1, 4] (see above);
      // sizes 1, 1, 1, 2, 2, 3, 6 at mean 2.0 (p = 0.875, P(0) = 0.125) → zero left out, F(3) − 0.125 = 0.75 → [1, 3].
      const pmf = countPmf(mu, v);
      const cum: number[] = [];
      const cdf = (i: number) => {
        for (let k = cum.length; k <= i; k++) cum.push((k > 0 ? cum[k - 1]! : 0) + pmf(k));
        return cum[i]!;
      };
      const { lo, hi } = discreteInterval(cdf, 400, level, rule);
      expect([lo, hi], `${mu}/${v} at ${level} by ${rule}`).toEqual(expected);
      if (rule === boundRule(level)) {
        const b = bounds({ method: 'x', mean: [mu], sd: [Math.sqrt(v)], distribution: 'count', params: {} }, level, true);
        expect([b.lower[0], b.upper[0]], `bounds() ${mu}/${v} at ${level}`).toEqual(expected);
      }
    }
    for (const [mu, level, rule, expected] of REF.sizeIntervals) {
      if (rule !== boundRule(level)) continue;
      const b = sizeBounds([mu], [6, 1, 2, 1, 3, 1, 2], level);
      expect([b.lower[0], b.upper[0]], `sizes, mean ${mu} at ${level}`).toEqual(expected);
    }
  });
  it('a lumpy item that is drawn in boxes of 20 gets 20 as its upper bound, not a fraction of it', () => {
    const y = Array.from({ length: 48 }, (_, t) => (t % 5 === 2 ? 20 : t % 11 === 0 ? 1 : 0));
    const r = forecast(y, { horizon: 3, seasonalPeriod: 12 });
    expect(r.classification.class).toBe('intermittent');
    expect(r.method).toBe('theta-tsb');
    expect(r.lower).toEqual([0, 0, 0]);
    expect(r.upper).toEqual([20, 20, 20]);
  });
  it('bounds widen when the series’ own recent forecasts missed by more than the model expects, and narrow when they did better', () => {
    const rng = mulberry32(5);
    const noise = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
    const calmThenWild = Array.from({ length: 90 }, (_, t) => Math.round(200 + (t < 60 ? 3 : 30) * noise()));
    const wildThenCalm = Array.from({ length: 90 }, (_, t) => Math.round(200 + (t < 60 ? 30 : 3) * noise()));
    const width = (r: ReturnType<typeof forecast>) => r.upper[0]! - r.lower[0]!;
    // origins: 0 → no rolling-origin evidence, only the prior variance factor.
    const wild = forecast(calmThenWild, { horizon: 6 });
    const wildPrior = forecast(calmThenWild, { horizon: 6, origins: 0 });
    expect(wildPrior.stats.params.varianceFactor).toBe(SELECTION.calibrationBase);
    expect(wild.stats.params.varianceFactor as number).toBeGreaterThan(SELECTION.calibrationBase);
    expect(width(wild)).toBeGreaterThan(width(wildPrior));
    const calm = forecast(wildThenCalm, { horizon: 6 });
    expect(calm.stats.params.varianceFactor as number).toBeLessThan(SELECTION.calibrationBase);
    expect(width(calm)).toBeLessThan(width(forecast(wildThenCalm, { horizon: 6, origins: 0 })));
  });
});

describe('forecast() — daily data with closed days', () => {
  it('keeps the weekly pattern of zeros (seasonal mean chosen by rolling origin)', () => {
    const rng = mulberry32(11);
    const y = Array.from({ length: 140 }, (_, t) => (t % 7 >= 5 ? 0 : 6 + Math.floor(rng() * 5)));
    const r = forecast(y, { horizon: 14, seasonalPeriod: 7 });
    expect(r.method).toBe('smean');
    // Days 140.. fall on positions 0..6 of the week again: 5, 6 are closed.
    expect(r.mean[5]).toBe(0);
    expect(r.mean[6]).toBe(0);
    expect(r.mean[0]!).toBeGreaterThan(5);
  });
  it('seasonal mean by hand: average of the same weekday over the last cycles', () => {
    const y = [1, 2, 3, 5, 6, 7];
    expect(forecast(y, { horizon: 4, seasonalPeriod: 3, method: 'smean' }).mean).toEqual([3, 4, 5, 3]);
  });
});

describe('forecast() — edge cases', () => {
  it('all zeros → zero forecast and zero bounds', () => {
    const r = forecast(new Array<number>(30).fill(0), { horizon: 4, seasonalPeriod: 12 });
    expect(r.method).toBe('zero');
    expect(r.classification.class).toBe('no-demand');
    expect(r.mean).toEqual([0, 0, 0, 0]);
    expect(r.upper).toEqual([0, 0, 0, 0]);
  });

  it('a single non-zero value → small positive forecast, bounds from zero up to the one size seen', () => {
    const y = new Array<number>(24).fill(0);
    y[10] = 3;
    const r = forecast(y, { horizon: 3, seasonalPeriod: 12 });
    expect(r.mean[0]!).toBeGreaterThan(0);
    expect(r.mean[0]!).toBeLessThan(1);
    expect(r.lower).toEqual([0, 0, 0]);
    // A draw of 3 has a chance of mean / 3 ≈ 3 % a month: below 5 %, so the 95 % bounds are [0, 0]; 99 % bounds reach 3.
    expect(r.mean[0]! / 3).toBeLessThan(0.05);
    expect(r.upper).toEqual([0, 0, 0]);
    expect(forecast(y, { horizon: 3, seasonalPeriod: 12, level: 0.99 }).upper).toEqual([3, 3, 3]);
  });

  it('constant series → that constant', () => {
    const r = forecast(new Array<number>(36).fill(7), { horizon: 5, seasonalPeriod: 12 });
    for (const v of r.mean) expect(v).toBeCloseTo(7, 6);
  });

  it('three months of history (new product) → the mean, with bounds', () => {
    const r = forecast([4, 6, 5], { horizon: 3, seasonalPeriod: 12 });
    expect(r.stats.selection).toBe('short-series');
    expect(r.mean).toEqual([5, 5, 5]);
    expect(r.upper[0]!).toBeGreaterThan(5);
    const one = forecast([2], { horizon: 2 });
    expect(one.mean).toEqual([2, 2]);
  });

  it('a long series (10 years of daily data) is fast', () => {
    const rng = mulberry32(3);
    const y = Array.from({ length: 3650 }, (_, t) => Math.round(20 + 5 * Math.sin((2 * Math.PI * t) / 7) + 4 * rng()));
    const t0 = performance.now();
    const r = forecast(y, { horizon: 28, seasonalPeriod: 7 });
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(r.mean).toHaveLength(28);
    expect(r.mean[0]!).toBeGreaterThan(10);
  });

  it('extreme magnitudes (a 1e12 spike among zeros, 1e-9 values) give finite bounds quickly', () => {
    const spike = new Array<number>(40).fill(0);
    spike[20] = 1e12;
    const tiny = Array.from({ length: 30 }, (_, t) => 1e-9 * (1 + (t % 3)));
    for (const y of [spike, tiny]) {
      const t0 = performance.now();
      const r = forecast(y, { horizon: 6, seasonalPeriod: 12 });
      expect(performance.now() - t0).toBeLessThan(2000);
      for (const v of [...r.mean, ...r.lower, ...r.upper]) expect(Number.isFinite(v) && v >= 0).toBe(true);
    }
  });

  it('rejects NaN, negative, non-numeric and empty input and bad options', () => {
    expect(() => forecast([1, NaN, 2], { horizon: 1 })).toThrow(/index 1 is not finite/);
    expect(() => forecast([1, -1], { horizon: 1 })).toThrow(/negative/);
    expect(() => forecast([1, '2' as unknown as number], { horizon: 1 })).toThrow(/not a number/);
    expect(() => forecast([], { horizon: 1 })).toThrow(/empty/);
    expect(() => forecast([1, 2], { horizon: 0 })).toThrow(/horizon/);
    expect(() => forecast([1, 2], { horizon: 1.5 })).toThrow(/horizon/);
    expect(() => forecast([1, 2], { horizon: 1, level: 1 })).toThrow(/level/);
    expect(() => forecast([1, 2], { horizon: 1, seasonalPeriod: 0 })).toThrow(/seasonalPeriod/);
  });
});
