import { useCallback } from 'react';
import { isDecimal, roundDecimal } from '@enamel/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../core/format.ts';
import { useCatalogCurrency } from '../core/organisation.ts';

/**
 * Catalog prices are in the organisation's currency (its setting; products are shared by every practice).
 * Money travels as exact decimal strings; arithmetic is `@enamel/contracts`' decimal module (big.js), never floats.
 */

/** Formats money in `currency` in the interface language ('' for none); `perUnit` keeps up to 4 decimals. */
export function useMoneyIn(currency: string) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (value: string | number | null | undefined, options?: { perUnit?: boolean }): string => {
      if (value === null || value === undefined || value === '') return '';
      return formatMoney(locale, isDecimal(value) ? roundDecimal(value) : String(value).trim(), currency, options);
    },
    [locale, currency],
  );
}

/** Formats catalog money (the organisation's currency) in the interface language; `perUnit` keeps up to 4 decimals. */
export function useMoney() {
  return useMoneyIn(useCatalogCurrency());
}
