/** Input validation with messages that say what is wrong and where. */

/** Throws a RangeError unless `series` is a non-empty array of finite non-negative numbers. */
export function assertSeries(series: unknown, name = 'series'): asserts series is number[] {
  if (!Array.isArray(series)) throw new RangeError(`${name}: expected an array of numbers`);
  if (series.length === 0) throw new RangeError(`${name}: empty series`);
  for (let i = 0; i < series.length; i++) {
    const v: unknown = series[i];
    if (typeof v !== 'number') throw new RangeError(`${name}: value at index ${i} is not a number (${JSON.stringify(v) ?? String(v)})`);
    if (!Number.isFinite(v)) throw new RangeError(`${name}: value at index ${i} is not finite (${String(v)})`);
    if (v < 0) throw new RangeError(`${name}: value at index ${i} is negative (${v})`);
  }
}
