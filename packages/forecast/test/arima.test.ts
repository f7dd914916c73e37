import { describe, expect, it } from 'vitest';
import { arimaEvaluate, arimaName, autoArima, chooseDifferences, fitArima, forecast, kpss, pacfToAr, seasonalStrength } from '../src/index.ts';
import { AIR, AIR144, REF, expectClose } from './helpers.ts';

const LOG_AIR = AIR144.map(Math.log);
const AIRLINE = { p: 0, d: 1, q: 1, P: 0, D: 1, Q: 1, m: 12, constant: false };

describe('ARIMA with given coefficients against explicit difference equations (compute_reference.py)', () => {
  it('airline model ARIMA(0,1,1)(0,1,1)12 on log AirPassengers: errors, forecasts, ψ-weight standard deviations', () => {
    const r = arimaEvaluate(LOG_AIR, AIRLINE, { ma: [-0.4], sma: [-0.6] }, 24);
    expect(r.sse).toBeCloseTo(REF.airline.sse, 12);
    expectClose(r.forecast.mean, REF.airline.forecast, 1e-12);
    expectClose(r.forecast.sd, REF.airline.sd, 1e-10);
  });
  it('ARMA(1,1) with mean: closed-form forecasts μ + φ^(h−1)(ŷ₁ − μ) and ψ_j = φ^(j−1)(φ + θ)', () => {
    const r = arimaEvaluate(AIR, { p: 1, d: 0, q: 1, P: 0, D: 0, Q: 0, m: 1, constant: true }, { ar: [0.7], ma: [0.2], mu: 150 }, 6);
    expect(r.sse).toBeCloseTo(REF.arma11.sse, 8);
    expectClose(r.forecast.mean, REF.arma11.forecast, 1e-12);
    expectClose(r.forecast.sd, REF.arma11.sd, 1e-10);
  });
  it('partial autocorrelations to AR coefficients (Durbin–Levinson, by hand)', () => {
    // r = (0.5, −0.3): φ₂₂ = −0.3, φ₂₁ = 0.5 − (−0.3)(0.5) = 0.65.
    expectClose(pacfToAr([0.5, -0.3]), [0.65, -0.3], 1e-15);
  });
});

describe('differencing tests', () => {
  it('KPSS level statistic and seasonal strength match the Python reference', () => {
    expect(kpss(AIR)).toBeCloseTo(REF.kpss[0], 12);
    expect(kpss(AIR.slice(1).map((v, t) => v - AIR[t]!))).toBeCloseTo(REF.kpss[1], 12);
    expect(kpss(LOG_AIR.slice(12).map((v, t) => v - LOG_AIR[t]!))).toBeCloseTo(REF.kpss[2], 12);
    expect(seasonalStrength(LOG_AIR, 12)).toBeCloseTo(REF.seasonalStrengthLogAP, 12);
  });
  it('log AirPassengers needs one seasonal and one ordinary difference (R: nsdiffs = 1, ndiffs after it = 1)', () => {
    expect(chooseDifferences(LOG_AIR, 12)).toEqual({ d: 1, D: 1 });
  });
});

describe('automatic ARIMA (stepwise search)', () => {
  it('finds the airline model for log AirPassengers, as R forecast::auto.arima does (fpp2 §8.9)', () => {
    const fit = autoArima(LOG_AIR, 12)!;
    expect(arimaName(fit.order)).toBe('ARIMA(0,1,1)(0,1,1)[12]');
    // R stats::arima (maximum likelihood): ma1 = −0.4018, sma1 = −0.5569; least squares lands close.
    expect(fit.ma[0]!).toBeCloseTo(-0.4018, 1);
    expect(fit.sma[0]!).toBeCloseTo(-0.5569, 1);
  });
  it('estimation lowers the sum of squares below the textbook coefficients (−0.4, −0.6)', () => {
    const fit = fitArima(LOG_AIR, AIRLINE)!;
    expect(fit.sigma2 * (LOG_AIR.length - 13)).toBeLessThan(REF.airline.sse);
  });
  it('white noise around a level: no differencing, a mean', () => {
    const y = [10, 12, 9, 11, 10, 13, 8, 10, 11, 9, 12, 10, 11, 9, 10, 12, 10, 11, 9, 10, 11, 12, 9, 10, 10, 11, 9, 12, 10, 11];
    const fit = autoArima(y, 1)!;
    expect(fit.order.d).toBe(0);
    const f = forecast(y, { horizon: 3, method: 'arima' });
    for (const v of f.mean) expect(Math.abs(v - 10.43)).toBeLessThan(1);
  });
});
