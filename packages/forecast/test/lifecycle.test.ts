import { describe, expect, it } from 'vitest';
import { combineHistory, detectLifecycle, forecast, forecastWithPrior, LIFECYCLE, LIFECYCLE_MONTHLY, lifecycleSettings, mulberry32 } from '../src/index.ts';

/** Weekly counts around `level` (Poisson-like, fixed seed). */
function steady(n: number, level: number, seed = 7): number[] {
  const rand = mulberry32(seed);
  return Array.from({ length: n }, () => {
    // Sum of 4 Bernoulli(level / 4) draws: values 0–4, mean `level`.
    let v = 0;
    for (let k = 0; k < 4; k++) if (rand() < level / 4) v++;
    return v;
  });
}

describe('lifecycle: ended series', () => {
  const alive = steady(80, 3);
  const stopped = [...alive, ...new Array<number>(8).fill(0)];

  it('a steady series silent for 8 weeks has ended: zero forecast, a comeback probability, bounds from the mixture', () => {
    const r = forecast(stopped, { horizon: 13, seasonalPeriod: 52 });
    expect(r.lifecycle.state).toBe('ended');
    expect(r.method).toBe('ended');
    expect(r.stats.selection).toBe('ended');
    expect(r.mean.every((v) => v === 0)).toBe(true);
    expect(r.lower.every((v) => v === 0)).toBe(true);
    const p = r.lifecycle.returnProbability!;
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
    // P(back within t) = 1 − (1 − h)^t grows along the horizon, so the upper bound never falls.
    for (let i = 1; i < 13; i++) expect(r.upper[i]!).toBeGreaterThanOrEqual(r.upper[i - 1]!);
    const l = r.lifecycle;
    expect(p).toBeCloseTo(l.aliveProbability! * (1 - (1 - l.hazard!) ** 13), 10);
  });

  it('is recognised within 8 weeks of its last demand, and not before its usual gaps are exceeded', () => {
    let first = Infinity;
    for (let k = 1; k <= 8 && first === Infinity; k++) if (detectLifecycle([...alive, ...new Array<number>(k).fill(0)]).state === 'ended') first = k;
    expect(first).toBeLessThanOrEqual(8);
    expect(first).toBeGreaterThan(LIFECYCLE.minGap);
    // The same silence after the last demand, without lifecycle (or before this change): a positive forecast.
    expect(forecast(stopped, { horizon: 13, seasonalPeriod: 52, lifecycle: false }).mean.reduce((a, b) => a + b, 0)).toBeGreaterThan(0.5);
  });

  it('a sparse series whose usual gaps are long is not ended by a silence of that length', () => {
    // Demand every 6 weeks: a 6-week silence is usual.
    const y = Array.from({ length: 90 }, (_, t) => (t % 6 === 0 ? 2 : 0));
    const l = detectLifecycle([...y.slice(0, 85), 0, 0, 0, 0, 0, 0]);
    expect(l.state).toBe('active');
    expect(forecast([...y.slice(0, 85), 0, 0, 0, 0, 0, 0], { horizon: 6 }).mean[0]!).toBeGreaterThan(0);
  });

  it('the settings follow the data’s period: monthly data (12 a year) needs a longer silence to end than weekly data', () => {
    // Three periods of demand, three without, then 8 silent periods: longer than weekly use's median gap allows
    // (0 × 2, and rare at p = 0.5 after 6), within monthly data's (3 × the 75 % quantile of the gaps, 3).
    const y = [...Array.from({ length: 123 }, (_, t) => (t % 6 < 3 ? 2 : 0)), ...new Array<number>(8).fill(0)];
    expect(detectLifecycle(y, 12, 52).state).toBe('ended');
    expect(detectLifecycle(y, 12, 12).state).toBe('active');
    expect(lifecycleSettings(12)).toEqual({ ...LIFECYCLE, ...LIFECYCLE_MONTHLY });
    expect(lifecycleSettings(52)).toBe(LIFECYCLE);
    // forecast() takes the period from periodsPerYear, else from the seasonal period (12: monthly), else weekly.
    expect(forecast(y, { horizon: 12, seasonalPeriod: 12 }).lifecycle.state).toBe('active');
    expect(forecast(y, { horizon: 12, seasonalPeriod: 12, periodsPerYear: 52 }).lifecycle.state).toBe('ended');
    expect(forecast(y, { horizon: 12 }).lifecycle.state).toBe('ended');
    expect(forecast(y, { horizon: 12, periodsPerYear: 12 }).mean[0]!).toBeGreaterThan(0);
  });

  it('earlier long silences that soon ended raise the comeback probability', () => {
    const pausedBefore = [...steady(40, 3, 1), ...new Array<number>(6).fill(0), ...steady(40, 3, 2), ...new Array<number>(8).fill(0)];
    const never = [...steady(86, 3, 1), ...new Array<number>(8).fill(0)];
    const a = detectLifecycle(pausedBefore, 13);
    const b = detectLifecycle(never, 13);
    expect(a.state).toBe('ended');
    expect(b.state).toBe('ended');
    expect(a.comebacks).toBe(1);
    expect(b.comebacks).toBe(0);
    expect(a.hazard!).toBeGreaterThan(b.hazard!);
    expect(a.returnProbability!).toBeGreaterThan(b.returnProbability!);
    // The longer the silence, the likelier the series is gone for good (cure model): the hazard of a
    // paused series stays, the probability that it is only paused falls.
    const longer = detectLifecycle([...never, ...new Array<number>(20).fill(0)], 13);
    expect(longer.hazard!).toBeCloseTo(b.hazard!, 10);
    expect(longer.aliveProbability!).toBeLessThan(b.aliveProbability! / 2);
    expect(longer.returnProbability!).toBeLessThan(b.returnProbability!);
  });

  it('an ended series keeps zero lower bounds at every level, even when its comeback is almost sure', () => {
    const y = [...new Array<number>(80).fill(20), 0, 0, 0, 0, 0];
    for (const level of [0.5, 0.8, 0.95]) {
      const r = forecast(y, { horizon: 6, level });
      expect(r.lifecycle.state).toBe('ended');
      expect(r.lower.every((v) => v === 0)).toBe(true);
      expect(r.upper.every((v, i) => v >= r.lower[i]!)).toBe(true);
    }
  });

  it('a silence longer than the usual gaps, not yet an end, keeps no lower bound above zero', () => {
    // Daily-like dense demand (never a zero): its usual gap is 0, so one silent period is unusual.
    const dense = Array.from({ length: 60 }, (_, t) => 20 + (t % 3));
    const busy = forecast(dense, { horizon: 4 });
    expect(busy.lower[0]!).toBeGreaterThan(0);
    const silent = forecast([...dense, 0], { horizon: 4 });
    expect(silent.lifecycle.state).toBe('active');
    expect(silent.lifecycle.silentPeriods).toBeGreaterThan(silent.lifecycle.usualGap);
    expect(silent.mean[0]!).toBeGreaterThan(0);
    expect(silent.lower.every((v) => v === 0)).toBe(true);
    // Without lifecycle the bounds are the method's own.
    expect(forecast([...dense, 0], { horizon: 4, lifecycle: false }).lower[0]!).toBeGreaterThan(0);
  });

  it('a forced method ignores the lifecycle but still reports it', () => {
    const r = forecast(stopped, { horizon: 4, method: 'mean' });
    expect(r.method).toBe('mean');
    expect(r.mean[0]!).toBeGreaterThan(0);
    expect(r.lifecycle.state).toBe('ended');
  });
});

describe('lifecycle: regime (structural zeros)', () => {
  it('a product launched after a long run of zeros is classified and fitted on its regime (smooth path)', () => {
    const y = [...new Array<number>(60).fill(0), ...steady(40, 3.5, 3).map((v) => v + 1)];
    const l = detectLifecycle(y);
    expect(l.regimeStart).toBe(60);
    const whole = forecast(y, { horizon: 13, seasonalPeriod: 52, lifecycle: false });
    expect(['intermittent', 'lumpy']).toContain(whole.classification.class);
    const r = forecast(y, { horizon: 13, seasonalPeriod: 52 });
    expect(r.stats.regimeStart).toBe(60);
    expect(['smooth', 'erratic']).toContain(r.classification.class);
    expect(r.method).not.toBe('theta-tsb');
    // The regime's level (about 4.5 a week), not one dragged down by the 60 zero weeks.
    expect(r.mean[0]!).toBeGreaterThan(3.5);
    expect(r.mean[0]!).toBeLessThan(5.5);
    // Its intervals are calibrated on rolling origins of the regime, like any smooth series.
    expect(r.stats.selection).toBe('rolling-origin');
    expect(r.stats.params.varianceFactor).toBeDefined();
  });

  it('a series whose regime takes the same path is forecast on its whole history, as before', () => {
    const y = [0, 0, 0, 0, 0, 0, 0, 0, ...steady(50, 3, 4).map((v) => v + 1)];
    const a = forecast(y, { horizon: 6 });
    const b = forecast(y, { horizon: 6, lifecycle: false });
    expect(a.stats.regimeStart).toBe(0);
    expect(a.mean).toEqual(b.mean);
  });

  it('a new product (launched a few periods ago) says so', () => {
    const l = detectLifecycle([...new Array<number>(30).fill(0), 2, 3, 1, 2, 4]);
    expect(l.state).toBe('new');
    expect(detectLifecycle(steady(60, 3)).state).toBe('active');
  });
});

describe('forecastWithPrior', () => {
  const base = steady(100, 3, 5);

  it('predecessor: the combined history is the predecessor before the succession, the own series after', () => {
    const own = [...new Array<number>(96).fill(0), 2, 4, 3, 3];
    const pred = [...base.slice(0, 96), 0, 0, 0, 0].map((v) => v * 2);
    const { combined, successionIndex } = combineHistory(own, { kind: 'predecessor', history: pred, sinceSuccession: 4 });
    expect(successionIndex).toBe(96);
    expect(combined).toEqual([...pred.slice(0, 96), 2, 4, 3, 3]);
    const r = forecastWithPrior(own, { kind: 'predecessor', history: pred, sinceSuccession: 4 }, { horizon: 13, seasonalPeriod: 52 });
    expect(r.history.source).toBe('predecessor');
    expect(r.history.successionIndex).toBe(96);
    expect(r.history.ownPeriods).toBe(4);
    expect(r.lifecycle.state).toBe('active');
    // About the predecessor's rate (× 2 for the conversion): 6 a week; the own four weeks alone give a thin forecast.
    const avg = r.mean.reduce((a, b) => a + b, 0) / 13;
    expect(avg).toBeGreaterThan(4.5);
    expect(avg).toBeLessThan(7.5);
    const ownOnly = forecast(own, { horizon: 13, seasonalPeriod: 52 });
    expect(Math.abs(avg - 6)).toBeLessThan(Math.abs(ownOnly.mean.reduce((a, b) => a + b, 0) / 13 - 6));
  });

  it('predecessor histories of another length are aligned at their last period', () => {
    const { combined, successionIndex } = combineHistory([0, 0, 5, 6], { kind: 'predecessor', history: [1, 2, 3, 4, 5, 6, 0, 0], sinceSuccession: 2 });
    expect(combined).toEqual([1, 2, 3, 4, 5, 6, 5, 6]);
    expect(successionIndex).toBe(6);
  });

  it('demand prior: no history → the prior; a longer own history → more own weight', () => {
    const none = forecastWithPrior([], { kind: 'procedures', mean: 4 }, { horizon: 4 });
    expect(none.history.source).toBe('procedures');
    expect(none.history.ownWeight).toBe(0);
    expect(none.mean).toEqual([4, 4, 4, 4]);
    expect(none.upper[0]!).toBeGreaterThan(4);
    const short = forecastWithPrior([1, 1, 1, 1], { kind: 'category', mean: 4, weight: 4 }, { horizon: 4 });
    expect(short.history.source).toBe('category');
    expect(short.history.ownWeight).toBeCloseTo(0.5, 10);
    expect(short.mean[0]!).toBeCloseTo(2.5, 6);
    const long = forecastWithPrior(new Array<number>(40).fill(1), { kind: 'category', mean: 4, weight: 4 }, { horizon: 4 });
    expect(long.history.ownWeight!).toBeGreaterThan(0.9);
    expect(long.mean[0]!).toBeLessThan(1.4);
  });

  it('rejects bad input with a RangeError', () => {
    expect(() => forecastWithPrior([1, 2], { kind: 'predecessor', history: [1, 2, 3], sinceSuccession: 3 }, { horizon: 2 })).toThrow(RangeError);
    expect(() => forecastWithPrior([1, 2], { kind: 'predecessor', history: [1, -2, 3], sinceSuccession: 1 }, { horizon: 2 })).toThrow(RangeError);
    expect(() => forecastWithPrior([1, 2], { kind: 'category', mean: -1 }, { horizon: 2 })).toThrow(RangeError);
    expect(() => forecastWithPrior([1, 2], { kind: 'category', mean: 1, weight: Number.NaN }, { horizon: 2 })).toThrow(RangeError);
  });
});
