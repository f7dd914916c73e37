import { describe, expect, it } from 'vitest';
import {
  acf,
  adida,
  classify,
  croston,
  etsEvaluate,
  fitEts,
  fitSes,
  etsForecast,
  imapa,
  isSeasonal,
  meanForecast,
  naive,
  sba,
  seasonalIndices,
  seasonalNaive,
  theta,
  tsb,
  autoEts,
  nelderMead,
} from '../src/index.ts';
import { AIR, INTER, REF, expectClose } from './helpers.ts';

const ref = (k: 'ANN' | 'AAdN' | 'AAdA' | 'MAM' | 'MNM') => REF[k];

describe('ETS recursions against the component-form textbook equations (compute_reference.py)', () => {
  const s0 = REF.decomposeY36;
  it('ETS(A,N,N) = simple exponential smoothing', () => {
    const r = etsEvaluate(AIR, 1, { error: 'A', trend: 'N', season: 'N' }, { alpha: 0.3, l0: 110 }, 3);
    expect(r.lik).toBeCloseTo(ref('ANN').lik, 9);
    expectClose(r.forecast, ref('ANN').forecast, 1e-12);
  });
  it('ETS(A,Ad,N) = damped trend', () => {
    const r = etsEvaluate(AIR, 1, { error: 'A', trend: 'Ad', season: 'N' }, { alpha: 0.5, beta: 0.1, phi: 0.9, l0: 110, b0: 1.5 }, 4);
    expect(r.sse).toBeCloseTo(ref('AAdN').sse, 6);
    expectClose(r.forecast, ref('AAdN').forecast, 1e-12);
  });
  it('ETS(A,Ad,A) = additive damped Holt–Winters', () => {
    const r = etsEvaluate(AIR, 12, { error: 'A', trend: 'Ad', season: 'A' }, { alpha: 0.4, beta: 0.05, gamma: 0.2, phi: 0.95, l0: 115, b0: 1, s0: s0.map((v) => v * 100 - 100) }, 14);
    expect(r.lik).toBeCloseTo(ref('AAdA').lik, 8);
    expectClose(r.forecast, ref('AAdA').forecast, 1e-12);
  });
  it('ETS(M,A,M) = multiplicative Holt–Winters with multiplicative errors', () => {
    const r = etsEvaluate(AIR, 12, { error: 'M', trend: 'A', season: 'M' }, { alpha: 0.3, beta: 0.02, gamma: 0.1, l0: 115, b0: 1.2, s0 }, 14);
    expect(r.lik).toBeCloseTo(ref('MAM').lik, 8);
    expectClose(r.forecast, ref('MAM').forecast, 1e-12);
  });
  it('ETS(M,N,M)', () => {
    const r = etsEvaluate(AIR, 12, { error: 'M', trend: 'N', season: 'M' }, { alpha: 0.25, gamma: 0.15, l0: 120, s0 }, 13);
    expect(r.lik).toBeCloseTo(ref('MNM').lik, 8);
    expectClose(r.forecast, ref('MNM').forecast, 1e-12);
  });
  it('estimation improves the likelihood over the reference parameters and picks a seasonal model for AirPassengers', () => {
    const fit = fitEts(AIR, 12, { error: 'M', trend: 'A', season: 'M' })!;
    expect(fit.lik).toBeLessThan(ref('MAM').lik);
    const best = autoEts(AIR, 12)!;
    expect(best.spec.season).not.toBe('N');
    expect(Number.isFinite(best.aicc)).toBe(true);
  });
});

describe('decomposition and seasonality test (R decompose / thetaf, re-implemented in Python)', () => {
  it('multiplicative seasonal indices', () => {
    expectClose(seasonalIndices(AIR.slice(0, 36), 12, 'multiplicative'), REF.decomposeY36, 1e-12);
  });
  it('autocorrelations', () => {
    expectClose(acf(AIR, 12), REF.acfY, 1e-12);
  });
  it('seasonality test', () => {
    expect(isSeasonal(AIR, 12)).toBe(REF.seasonalY);
    expect(isSeasonal(REF.SEAS, 12)).toBe(REF.seasonalSEAS);
    expect(isSeasonal([1, 2, 3], 12)).toBe(false);
  });
});

describe('exact SES fit (fitSes) against a brute-force fit (compute_reference.py; scipy Nelder–Mead agrees)', () => {
  it('finds the α and initial level that minimise the squared one-step errors, at least as well as Nelder–Mead', () => {
    for (const r of REF.sesExact) {
      const f = fitSes(r.y)!;
      expect(f.alpha).toBeCloseTo(r.alpha, 4);
      expect(etsForecast(f, 1).mean[0]!).toBeCloseTo(r.level, 3);
      // σ² = SSE / (n − 2) on the series divided by its mean absolute value.
      const sse = f.sigma2 * (r.y.length - 2) * f.scale * f.scale;
      expect(sse / r.sse).toBeCloseTo(1, 6);
      const nm = fitEts(r.y, 1, { error: 'A', trend: 'N', season: 'N' })!;
      expect(f.lik).toBeLessThanOrEqual(nm.lik + 1e-6);
    }
  });
});

describe('Theta (SES with drift, as R forecast::thetaf)', () => {
  it('seasonal series: decomposition, SES, drift, re-seasonalised', () => {
    const f = theta(REF.SEAS, 14, 12);
    const r = REF.thetaSEAS;
    expect(f.params.seasonal).toBe(1);
    expect(f.params.alpha as number).toBeCloseTo(r.alpha, 2);
    expectClose(f.mean, r.forecast, 2e-3); // two independent optimisers: agreement to 0.2 %
  });
  it('non-seasonal series', () => {
    const f = theta(AIR.slice(0, 20), 5, 1);
    expectClose(f.mean, REF.thetaNonSeasonal.forecast, 2e-3);
  });
});

describe('intermittent methods (same grid and initialisation in Python)', () => {
  it('Croston', () => {
    const f = croston(INTER, 3);
    expect(f.mean[0]).toBeCloseTo(REF.croston.forecast, 10);
    expect(f.params.alphaSize).toBe(REF.croston.alphaSize);
  });
  it('SBA = Croston × (1 − α/2)', () => {
    const f = sba(INTER, 3);
    expect(f.mean[0]).toBeCloseTo(REF.sba.forecast, 10);
    expect(f.mean).toEqual([f.mean[0], f.mean[0], f.mean[0]]);
  });
  it('TSB', () => {
    expect(tsb(INTER, 2).mean[0]).toBeCloseTo(REF.tsb.forecast, 10);
  });
  it('ADIDA and IMAPA', () => {
    expect(adida(INTER, 1, 3).mean[0]).toBeCloseTo(REF.adida3, 10);
    const im = imapa(INTER, 1);
    expect(im.mean[0]).toBeCloseTo(REF.imapa[0], 10);
    expect(im.params.levels).toBe(REF.imapa[1]);
  });
  it('TSB decays towards zero after demand stops (obsolescence), Croston does not', () => {
    const y = [...INTER, ...new Array<number>(30).fill(0)];
    expect(tsb(y, 1).mean[0]!).toBeLessThan(tsb(INTER, 1).mean[0]! * 0.5);
    expect(croston(y, 1).mean[0]!).toBeGreaterThan(0.1);
  });
});

describe('baselines (hand-computed)', () => {
  it('naive, seasonal naive, mean', () => {
    expect(naive([1, 2, 4], 2).mean).toEqual([4, 4]);
    // one-step differences 1, 2 → σ = √((1+4)/2); two steps ahead σ√2
    expect(naive([1, 2, 4], 2).sd[1]).toBeCloseTo(Math.sqrt(2.5) * Math.sqrt(2), 12);
    expect(seasonalNaive([1, 2, 3, 4, 5, 6], 4, 3).mean).toEqual([4, 5, 6, 4]);
    expect(meanForecast([2, 4, 9], 1).mean).toEqual([5]);
  });
});

describe('classification (Syntetos–Boylan–Croston cut-offs)', () => {
  it('the four classes', () => {
    // ADI = 4/4 = 1, sizes 10,10,10,10 → CV² = 0 → smooth
    expect(classify([10, 10, 10, 10]).class).toBe('smooth');
    // ADI 1, sizes 1 and 10: mean 5.5, var 20.25, CV² = 0.669 → erratic
    expect(classify([1, 10, 1, 10]).class).toBe('erratic');
    expect(classify([1, 10, 1, 10]).cv2).toBeCloseTo(20.25 / 30.25, 12);
    // ADI = 6/2 = 3, equal sizes → intermittent
    expect(classify([0, 0, 5, 0, 0, 5]).class).toBe('intermittent');
    expect(classify([0, 0, 5, 0, 0, 5]).adi).toBe(3);
    expect(classify([0, 0, 1, 0, 0, 9]).class).toBe('lumpy');
    expect(classify([0, 0, 0]).class).toBe('no-demand');
  });
});

describe('Nelder–Mead', () => {
  it('minimises the Rosenbrock function', () => {
    const r = nelderMead((x) => 100 * (x[1]! - x[0]! ** 2) ** 2 + (1 - x[0]!) ** 2, [-1.2, 1], { maxEvaluations: 5000, tolerance: 1e-14 });
    expect(r.x[0]).toBeCloseTo(1, 3);
    expect(r.x[1]).toBeCloseTo(1, 3);
  });
});
