/**
 * Procedure-driven (dependent) demand: procedure forecasts per code exploded through templates
 * (bill of materials: product × quantity per procedure) into product demand with bounds, and the
 * combination with a product's own usage history.
 *
 * For a template line with N procedures per period (mean μ_N, variance σ²_N) and a usage per
 * procedure Q (mean q, variance σ²_q), the demand N·Q has mean μ_N q and variance
 * q² σ²_N + μ_N σ²_q (compound sum). Lines and procedure codes are treated as independent.
 */
import { cumulativeMoments, demandQuantile, type DemandForecast } from './distribution.ts';
import { forecast, type ForecastOptions } from './forecast.ts';
import { assertSeries } from './validate.ts';

export interface TemplateLine {
  procedureCode: string;
  productId: string;
  /** Mean quantity of the product used per procedure. */
  quantity: number;
  /** Standard deviation of the quantity per procedure (learned from draws vs. procedures); default 0. */
  quantitySd?: number;
}

export interface DemandBand {
  mean: number[];
  sd: number[];
  lower: number[];
  upper: number[];
  distribution: 'normal' | 'count';
}

function band(mean: number[], variance: number[], level: number, distribution: 'normal' | 'count'): DemandBand {
  const sd = variance.map((v) => Math.sqrt(Math.max(0, v)));
  return {
    mean,
    sd,
    lower: mean.map((m, i) => demandQuantile((1 - level) / 2, m, variance[i]!, distribution)),
    upper: mean.map((m, i) => demandQuantile((1 + level) / 2, m, variance[i]!, distribution)),
    distribution,
  };
}

/**
 * Booked appointments as known demand for the first periods (docs/forecasting.md#known-demand). Expected shows
 * (booked × showRate) are a floor on procedures performed — walk-ins and emergencies come on top —
 * so the mean becomes max(shows, forecast); the forecast's uncertainty is kept only for the
 * unbooked share, plus binomial no-show variance booked·r·(1 − r). Periods without bookings
 * (beyond the array) are unchanged.
 */
export function withBookings(f: DemandForecast, booked: readonly number[], showRate = 1): DemandForecast {
  if (!(showRate > 0 && showRate <= 1)) throw new RangeError('showRate must be in (0, 1]');
  assertSeries(booked.length > 0 ? booked : [0], 'booked');
  const mean: number[] = [];
  const sd: number[] = [];
  for (let i = 0; i < f.mean.length; i++) {
    const m = Math.max(0, f.mean[i]!);
    const s = f.sd[i] ?? 0;
    if (i >= booked.length) {
      mean.push(m);
      sd.push(s);
      continue;
    }
    const shows = booked[i]! * showRate;
    const mu = Math.max(shows, m);
    const unbookedShare = mu > 0 ? (mu - shows) / mu : 0;
    mean.push(mu);
    sd.push(Math.sqrt((s * unbookedShare) ** 2 + booked[i]! * showRate * (1 - showRate)));
  }
  return { mean, sd, distribution: f.distribution };
}

/** Product demand per period implied by procedure forecasts and templates, keyed by product id. */
export function procedureDrivenDemand(procedures: Readonly<Record<string, DemandForecast>>, templates: readonly TemplateLine[], level = 0.95): Record<string, DemandBand> {
  const acc = new Map<string, { mean: number[]; variance: number[]; integer: boolean }>();
  let h = 0;
  for (const p of Object.values(procedures)) h = Math.max(h, p.mean.length);
  for (const line of templates) {
    if (!(line.quantity >= 0) || !Number.isFinite(line.quantity)) throw new RangeError(`template ${line.procedureCode} → ${line.productId}: quantity must be a non-negative number`);
    const p = procedures[line.procedureCode];
    if (!p) continue;
    let a = acc.get(line.productId);
    if (!a) {
      a = { mean: new Array<number>(h).fill(0), variance: new Array<number>(h).fill(0), integer: true };
      acc.set(line.productId, a);
    }
    const q = line.quantity;
    const sq = line.quantitySd ?? 0;
    if (!Number.isInteger(q)) a.integer = false;
    for (let i = 0; i < h; i++) {
      const mu = Math.max(0, p.mean[i] ?? 0);
      const s = p.sd[i] ?? 0;
      a.mean[i] = a.mean[i]! + mu * q;
      a.variance[i] = a.variance[i]! + q * q * s * s + mu * sq * sq;
    }
  }
  const out: Record<string, DemandBand> = {};
  for (const [id, a] of acc) out[id] = band(a.mean, a.variance, level, a.integer ? 'count' : 'normal');
  return out;
}

export interface ProductDemandInput {
  /** Demand explained by procedures (from `procedureDrivenDemand`), if the product is on templates. */
  procedureDemand?: DemandBand;
  /** The product's own usage per period (draws), oldest first. */
  usageHistory?: readonly number[];
  /** Usage explained by procedures performed in the same periods (Σ procedures × quantity); same length as usageHistory. */
  explainedHistory?: readonly number[];
}

export interface ProductDemand extends DemandBand {
  /** How the two sources were combined. */
  source: 'procedures' | 'history' | 'procedures+remainder' | 'weighted';
  /** Weight of the procedure-driven forecast in a weighted combination. */
  weight?: number;
}

/**
 * Product demand from procedures and/or own usage history:
 * - procedures + history + explained history: procedures plus a forecast of the unexplained
 *   remainder (usage − explained, floored at 0), variances added;
 * - procedures + history only: inverse-variance weighted average of the two forecasts;
 * - one source only: that source.
 */
export function productDemand(input: ProductDemandInput, options: ForecastOptions): ProductDemand {
  const level = options.level ?? 0.95;
  const h = options.horizon;
  const proc = input.procedureDemand;
  const hist = input.usageHistory && input.usageHistory.length > 0 ? input.usageHistory : undefined;
  if (hist) assertSeries(hist, 'usageHistory');
  if (!proc && !hist) throw new RangeError('productDemand needs procedure demand or a usage history');
  const own = (y: readonly number[]) => {
    const r = forecast(y, options);
    return { mean: r.mean, variance: r.stats.sd.map((s) => s * s), distribution: r.stats.distribution };
  };
  if (!proc) {
    const o = own(hist!);
    return { ...band(o.mean, o.variance, level, o.distribution), source: 'history' };
  }
  const pm = Array.from({ length: h }, (_, i) => proc.mean[i] ?? proc.mean[proc.mean.length - 1] ?? 0);
  const pv = Array.from({ length: h }, (_, i) => (proc.sd[i] ?? proc.sd[proc.sd.length - 1] ?? 0) ** 2);
  if (!hist) return { ...band(pm, pv, level, proc.distribution), source: 'procedures' };
  const dist = proc.distribution;
  if (input.explainedHistory) {
    const ex = input.explainedHistory;
    if (ex.length !== hist.length) throw new RangeError('explainedHistory must have the same length as usageHistory');
    assertSeries(ex, 'explainedHistory');
    const remainder = hist.map((u, i) => Math.max(0, u - ex[i]!));
    const r = own(remainder);
    return {
      ...band(pm.map((m, i) => m + r.mean[i]!), pv.map((v, i) => v + r.variance[i]!), level, dist === 'count' && r.distribution === 'count' ? 'count' : 'normal'),
      source: 'procedures+remainder',
    };
  }
  const o = own(hist);
  const mean: number[] = [];
  const variance: number[] = [];
  let wSum = 0;
  for (let i = 0; i < h; i++) {
    const vp = Math.max(pv[i]!, 1e-9);
    const vo = Math.max(o.variance[i]!, 1e-9);
    const w = vo / (vp + vo); // weight of the procedure forecast
    wSum += w;
    mean.push(w * pm[i]! + (1 - w) * o.mean[i]!);
    variance.push((vp * vo) / (vp + vo));
  }
  return { ...band(mean, variance, level, dist === 'count' && o.distribution === 'count' ? 'count' : 'normal'), source: 'weighted', weight: wSum / h };
}

/** Total demand over the next `periods` periods of a band (mean and variance), e.g. for critical-item checks. */
export function demandOver(b: DemandBand, periods: number): { mean: number; variance: number } {
  return cumulativeMoments(b, periods);
}
