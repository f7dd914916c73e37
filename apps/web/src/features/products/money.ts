import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, numberFormat } from '../../core/format.ts';
import { useCatalogCurrency } from '../../core/organisation.ts';

/**
 * Catalog prices are in the organisation's currency (its setting; products are shared by every practice).
 * Money travels as exact decimal strings; sums and products here are exact (scaled BigInt), never floats.
 */

const SCALE = 8;
const TEN = 10n;
const FACTOR = TEN ** BigInt(SCALE);

/** "12.5" → 1250000000n (8 decimals); undefined when the text is not a plain non-negative decimal. */
export function toScaled(value: string | number): bigint | undefined {
  const text = String(value).trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || text === '' || text === '.') return undefined;
  const whole = match[1] || '0';
  const fraction = (match[2] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  return BigInt(whole) * FACTOR + BigInt(fraction);
}

/** A scaled value back to a decimal string with `decimals` places, rounded half up. */
export function fromScaled(value: bigint, decimals = 4): string {
  const drop = TEN ** BigInt(SCALE - decimals);
  const rounded = (value + drop / 2n) / drop;
  const unit = TEN ** BigInt(decimals);
  const whole = rounded / unit;
  if (decimals === 0) return whole.toString();
  const fraction = (rounded % unit).toString().padStart(decimals, '0');
  return `${whole}.${fraction}`;
}

/** quantity × unit cost, exact, as a 4-decimal string ("0" parts for anything unreadable). */
export function multiplyDecimals(a: string | number, b: string | number): string {
  const x = toScaled(a) ?? 0n;
  const y = toScaled(b) ?? 0n;
  return fromScaled((x * y) / FACTOR);
}

export function sumDecimals(values: (string | number)[]): string {
  return fromScaled(values.reduce<bigint>((acc, v) => acc + (toScaled(v) ?? 0n), 0n));
}

/** Price of one usage unit: purchase price ÷ units per purchase unit (4 decimals, half up); null when not computable. */
export function unitCostOf(purchasePrice: string | number, unitsPerPurchaseUnit: number): string | null {
  const price = toScaled(purchasePrice);
  if (price === undefined || !Number.isInteger(unitsPerPurchaseUnit) || unitsPerPurchaseUnit < 1) return null;
  const n = BigInt(unitsPerPurchaseUnit);
  return fromScaled((price * 2n + n) / (2n * n));
}

/** Formats catalog money (the organisation's currency) in the interface language; `perUnit` keeps up to 4 decimals. */
export function useMoney() {
  const { i18n } = useTranslation();
  const currency = useCatalogCurrency();
  const locale = i18n.language;
  return useCallback(
    (value: string | number | null | undefined, options?: { perUnit?: boolean }): string => {
      if (value === null || value === undefined || value === '') return '';
      const scaled = toScaled(value);
      return formatMoney(locale, scaled === undefined ? String(value) : fromScaled(scaled), currency, options);
    },
    [locale, currency],
  );
}

/** A decimal quantity in the interface language, up to 4 decimals. */
export function useQuantity() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (value: string | number): string => numberFormat(locale, { maximumFractionDigits: 4 }).format(String(value) as Intl.StringNumericLiteral),
    [locale],
  );
}
