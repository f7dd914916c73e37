import fs from 'node:fs';

/** Reference values printed by reference/compute_reference.py (independent pure-Python implementation). */
export interface Reference {
  ANN: EtsRef;
  AAdN: EtsRef;
  AAdA: EtsRef;
  MAM: EtsRef;
  MNM: EtsRef;
  decomposeY36: number[];
  acfY: number[];
  seasonalY: boolean;
  SEAS: number[];
  seasonalSEAS: boolean;
  thetaSEAS: { seasonal: boolean; alpha: number; forecast: number[] };
  thetaNonSeasonal: { seasonal: boolean; alpha: number; forecast: number[] };
  croston: { forecast: number; alphaSize: number; alphaInterval: number };
  sba: { forecast: number };
  tsb: { forecast: number };
  adida3: number;
  imapa: [number, number];
  nbq: number[];
  expiry: [number, number];
  fillRate: [number, number];
  airline: ArimaRef;
  arma11: ArimaRef;
  kpss: [number, number, number];
  seasonalStrengthLogAP: number;
  /** [mean, variance, level, rule, [lower, upper]] of Poisson / negative-binomial bounds. */
  countIntervals: Array<[number, number, number, 'quantile' | 'nearest', [number, number]]>;
  /** [mean, level, rule, [lower, upper]] of occurrence × size bounds with sizes 1, 1, 1, 2, 2, 3, 6. */
  sizeIntervals: Array<[number, number, 'quantile' | 'nearest', [number, number]]>;
  /** Exact SES fits (brute-force grid over α, least-squares ℓ0): series, α, ℓ0, final level, SSE. */
  sesExact: Array<{ y: number[]; alpha: number; l0: number; level: number; sse: number }>;
}
interface ArimaRef {
  sse: number;
  forecast: number[];
  sd: number[];
}
interface EtsRef {
  lik: number;
  sse: number;
  forecast: number[];
}
export const REF = JSON.parse(fs.readFileSync(new URL('./reference/reference.json', import.meta.url), 'utf8')) as Reference;

/** AirPassengers 1949–1952 (Box & Jenkins), the same series as in compute_reference.py. */
export const AIR = [112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118, 115, 126, 141, 135, 125, 149, 170, 170, 158, 133, 114, 140, 145, 150, 178, 163, 172, 178, 199, 199, 184, 162, 146, 166, 171, 180, 193, 181, 183, 218, 230, 242, 209, 191, 172, 194];
/** AirPassengers 1949–1960 (Box & Jenkins; R's datasets::AirPassengers), as AP144 in compute_reference.py. */
export const AIR144 = [
  ...AIR,
  196, 196, 236, 235, 229, 243, 264, 272, 237, 211, 180, 201, 204, 188, 235, 227, 234, 264, 302, 293, 259, 229, 203, 229,
  242, 233, 267, 269, 270, 315, 364, 347, 312, 274, 237, 278, 284, 277, 317, 313, 318, 374, 413, 405, 355, 306, 271, 306,
  315, 301, 356, 348, 355, 422, 465, 467, 404, 347, 305, 336, 340, 318, 362, 348, 363, 435, 491, 505, 404, 359, 310, 337,
  360, 342, 406, 396, 420, 472, 548, 559, 463, 407, 362, 405, 417, 391, 419, 461, 472, 535, 622, 606, 508, 461, 390, 432,
];
export const INTER = [0, 0, 3, 0, 0, 1, 0, 0, 0, 2, 0, 0, 5, 0, 1, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 4, 0, 0, 1];

export function expectClose(actual: readonly number[], expected: readonly number[], relTol: number): void {
  if (actual.length !== expected.length) throw new Error(`length ${actual.length} ≠ ${expected.length}`);
  for (let i = 0; i < actual.length; i++) {
    const a = actual[i]!;
    const e = expected[i]!;
    if (!(Math.abs(a - e) <= relTol * Math.max(1, Math.abs(e)))) throw new Error(`index ${i}: ${a} vs expected ${e} (rel tol ${relTol})`);
  }
}
