import { useCallback } from 'react';
import { isDecimal, parseDecimal, roundDecimal, toDecimal } from '@enamel/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney, numberFormat } from '../../core/format.ts';
import { useCatalogCurrency } from '../../core/organisation.ts';

/**
 * Catalog prices are in the organisation's currency (its setting; products are shared by every practice).
 * Money travels as exact decimal strings; arithmetic is `@enamel/contracts`' decimal module (big.js), never floats.
 */

/** Kept for the callers that still import them from here (procedures/items.ts, ProcedureTemplateFormPage.tsx). */
export { multiplyDecimals, sumDecimals, unitCostOf } from '@enamel/contracts';

const SCALED = 100_000_000;

/**
 * @deprecated 8-decimal scaled BigInt, left for procedures/items.ts and ProcedureTemplateFormPage.tsx until they use
 * `addDecimals` / `compareDecimals` from `@enamel/contracts`. Undefined for anything but a non-negative plain decimal.
 */
export function toScaled(value: string | number): bigint | undefined {
  const d = parseDecimal(value);
  return d === undefined || d.lt(0) ? undefined : BigInt(d.times(SCALED).round(0, 0).toFixed(0));
}

/** @deprecated see `toScaled`: a scaled value back to decimal text with `decimals` places. */
export function fromScaled(value: bigint, decimals = 4): string {
  return roundDecimal(toDecimal(value.toString()).div(SCALED), decimals);
}

/** Formats catalog money (the organisation's currency) in the interface language; `perUnit` keeps up to 4 decimals. */
export function useMoney() {
  const { i18n } = useTranslation();
  const currency = useCatalogCurrency();
  const locale = i18n.language;
  return useCallback(
    (value: string | number | null | undefined, options?: { perUnit?: boolean }): string => {
      if (value === null || value === undefined || value === '') return '';
      return formatMoney(locale, isDecimal(value) ? roundDecimal(value) : String(value), currency, options);
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
