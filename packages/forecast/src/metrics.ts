/** Accuracy measures (Hyndman & Koehler 2006; M4/M5 competition definitions). */

/** Mean absolute in-sample difference at the given lag (the MASE scale). */
export function maeScale(train: readonly number[], lag: number): number {
  const l = train.length > lag ? lag : 1;
  let s = 0;
  let c = 0;
  for (let t = l; t < train.length; t++) {
    s += Math.abs(train[t]! - train[t - l]!);
    c++;
  }
  return c > 0 ? s / c : NaN;
}

/** Mean squared in-sample one-step difference from the first non-zero value on (the M5 RMSSE scale). */
export function mseScale(train: readonly number[]): number {
  let start = train.findIndex((v) => v !== 0);
  if (start < 0) start = 0;
  let s = 0;
  let c = 0;
  for (let t = start + 1; t < train.length; t++) {
    s += (train[t]! - train[t - 1]!) ** 2;
    c++;
  }
  return c > 0 ? s / c : NaN;
}

export function mase(train: readonly number[], test: readonly number[], f: readonly number[], lag: number): number {
  let s = 0;
  for (let i = 0; i < test.length; i++) s += Math.abs(test[i]! - f[i]!);
  return s / test.length / maeScale(train, lag);
}

export function rmsse(train: readonly number[], test: readonly number[], f: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < test.length; i++) s += (test[i]! - f[i]!) ** 2;
  return Math.sqrt(s / test.length / mseScale(train));
}

/** Symmetric MAPE in percent (M3/M4 definition); terms with |y| + |f| = 0 count as 0. */
export function smape(test: readonly number[], f: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < test.length; i++) {
    const d = Math.abs(test[i]!) + Math.abs(f[i]!);
    if (d > 0) s += (2 * Math.abs(test[i]! - f[i]!)) / d;
  }
  return (100 * s) / test.length;
}

/** Mean error (forecast − actual) scaled by the MASE scale: positive = over-forecast. */
export function scaledBias(train: readonly number[], test: readonly number[], f: readonly number[], lag: number): number {
  let s = 0;
  for (let i = 0; i < test.length; i++) s += f[i]! - test[i]!;
  return s / test.length / maeScale(train, lag);
}
