import { daysToZero as depletion } from '@enamel/forecast';

/** How many products the days-to-zero widget lists (soonest first); the stock-out alert reads the same ones. */
export const DAYS_TO_ZERO_LIMIT = 50;

/** A stored forecast series as the depletion needs it: weekly mean and bounds of one product. */
export interface DemandSeries {
  refId: number;
  mean: number[];
  lower: number[];
  upper: number[];
}

/**
 * Per product with a forecast, the expected days until its stock on hand reaches zero, with a low/high band from
 * the forecast bounds (each week's demand spread evenly over its days), soonest first, at most `limit`; null when
 * it never does. The days-to-zero widget and the stock-out alert read these.
 */
export function daysToZeroItems(series: readonly DemandSeries[], onHand: Map<number, number>, limit: number) {
  const finite = (x: number) => (Number.isFinite(x) ? Math.round(x * 10) / 10 : null);
  return series
    .filter((s) => s.mean.some((m) => m > 0))
    .map((s) => {
      const stock = Math.max(0, onHand.get(s.refId) ?? 0);
      const d = depletion(stock, s, 7);
      return { product_id: s.refId, on_hand: stock, days: finite(d.expected), low: finite(d.low), high: finite(d.high) };
    })
    .sort((a, b) => (a.days ?? Infinity) - (b.days ?? Infinity) || a.product_id - b.product_id)
    .slice(0, limit);
}
