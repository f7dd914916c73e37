import Big from 'big.js';

/**
 * Exact decimals, the one home of decimal arithmetic for web, API and seeder (never binary floats for money or
 * quantities). Values travel as plain decimal text ("12.5", "-3.0000"); results are text with an explicit number of
 * places, rounded half away from zero, as PostgreSQL's `roundDecimal(numeric, n)` does. Formatting money in a currency's
 * minor units is not done here (the web's `core/format.ts` leaves that to Intl).
 */

/** Places the database keeps for money and quantities (`numeric(14,4)`). */
export const DECIMAL_SCALE = 4;

/** Our own constructor: its settings never change another module's `Big`. Divisions keep 20 places before rounding. */
const D = Big();
D.DP = 20;
D.RM = Big.roundHalfUp;

export type Decimal = Big;
export type DecimalInput = string | number | Big;

/** Plain decimal text: an optional sign, digits with an optional point ("12.", ".5"); no exponent, no thousands separators. */
const PLAIN = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** A plain decimal text or finite number as an exact decimal; undefined when it is anything else ("", "abc", "1e5", NaN). */
export function parseDecimal(value: DecimalInput | null | undefined): Big | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Big) return new D(value);
  if (typeof value === 'number') return Number.isFinite(value) ? new D(value) : undefined;
  const text = value.trim();
  if (!PLAIN.test(text)) return undefined;
  return new D(text.startsWith('+') ? text.slice(1) : text.endsWith('.') ? text.slice(0, -1) : text);
}

/** Whether `value` is plain decimal text (or a finite number). */
export function isDecimal(value: DecimalInput | null | undefined): boolean {
  return parseDecimal(value) !== undefined;
}

/** An exact decimal; anything unreadable counts as 0 (a half-typed form field). */
export function toDecimal(value: DecimalInput | null | undefined): Big {
  return parseDecimal(value) ?? new D(0);
}

/** `value` with exactly `scale` places, half away from zero ("-0" never appears). */
export function roundDecimal(value: DecimalInput, scale = DECIMAL_SCALE): string {
  const text = toDecimal(value).round(scale, Big.roundHalfUp).toFixed(scale);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** `value` rounded away from zero to `scale` places (a whole number by default): how many packs cover a quantity. */
export function roundUpDecimal(value: DecimalInput, scale = 0): string {
  return toDecimal(value).round(scale, Big.roundUp).toFixed(scale);
}

export function addDecimals(a: DecimalInput, b: DecimalInput, scale = DECIMAL_SCALE): string {
  return roundDecimal(toDecimal(a).plus(toDecimal(b)), scale);
}

export function subtractDecimals(a: DecimalInput, b: DecimalInput, scale = DECIMAL_SCALE): string {
  return roundDecimal(toDecimal(a).minus(toDecimal(b)), scale);
}

/** a × b, exact before the one rounding to `scale`. */
export function multiplyDecimals(a: DecimalInput, b: DecimalInput, scale = DECIMAL_SCALE): string {
  return roundDecimal(toDecimal(a).times(toDecimal(b)), scale);
}

/** a ÷ b rounded to `scale`; undefined for a division by zero. */
export function divideDecimals(a: DecimalInput, b: DecimalInput, scale = DECIMAL_SCALE): string | undefined {
  const divisor = toDecimal(b);
  if (divisor.eq(0)) return undefined;
  return roundDecimal(toDecimal(a).div(divisor), scale);
}

export function sumDecimals(values: Iterable<DecimalInput>, scale = DECIMAL_SCALE): string {
  let total = new D(0);
  for (const v of values) total = total.plus(toDecimal(v));
  return roundDecimal(total, scale);
}

/** -1, 0 or 1 (unreadable text counts as 0). */
export function compareDecimals(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  return toDecimal(a).cmp(toDecimal(b));
}

/**
 * The price of one usage unit: purchase price ÷ units per purchase unit, to 4 places, half up. The one definition
 * of the formula; the API's SQL (`core/catalog-sql.ts` unitCost) rounds the same way, a test holds them together.
 * Null when not computable (unreadable price, units not a whole number ≥ 1).
 */
export function unitCostOf(purchasePrice: DecimalInput, unitsPerPurchaseUnit: number): string | null {
  const price = parseDecimal(purchasePrice);
  if (price === undefined || !Number.isInteger(unitsPerPurchaseUnit) || unitsPerPurchaseUnit < 1) return null;
  return roundDecimal(price.div(unitsPerPurchaseUnit));
}

/**
 * The cost of a lot received again: the weighted average of what it holds (never counting a negative holding) and
 * what comes in, to 4 places; the incoming cost when nothing would be held.
 */
export function weightedCost(held: DecimalInput, heldCost: DecimalInput, quantity: DecimalInput, cost: DecimalInput): string {
  const before = toDecimal(held);
  const kept = before.gt(0) ? before : new D(0);
  const q = toDecimal(quantity);
  if (before.plus(q).lte(0)) return roundDecimal(cost);
  return roundDecimal(kept.times(toDecimal(heldCost)).plus(q.times(toDecimal(cost))).div(kept.plus(q)));
}
