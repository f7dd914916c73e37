import { useAbility } from '@casl/react';
import { useCallback } from 'react';
import { localToday, type ExpiryState } from '@enamel/contracts';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../core/abilities.ts';
import { useSelectedPractice } from '../../core/practice.ts';
import { usePracticeOptions } from '../../ui/PracticeSelector.tsx';
import { numberFormat } from '../../core/format.ts';
import { useMoneyIn } from '../../ui/money.ts';
import { useCatalogCurrency } from '../../core/organisation.ts';
import type { StockStatus } from './inventory.api.ts';

export const STOCK_STATUS_COLORS: Record<StockStatus, string> = { out: 'red', low: 'orange', expiring: 'yellow', ok: 'green' };

/**
 * A typed expiry date already past (the receive form's hint to confirm): the server judges on the practice's today
 * and answers `stock.expired_receipt` if it disagrees. Lots' expiry states come from the server (`expiry_state`).
 */
export function isPastDay(day: string | null | undefined, today = localToday()): boolean {
  return Boolean(day) && day!.slice(0, 10) < today;
}

/** The colour of each expiry state the server sends. */
export const EXPIRY_COLORS: Record<ExpiryState, string> = { expired: 'red', expiring: 'orange', ok: 'inherit' };

/** Kept for the callers that still import them from here (procedures/items.ts); new code imports `@enamel/contracts`. */

/** A NumberInput value as the decimal string the server takes ("" stays ""). */
export function decimalText(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? String(value) : value.trim();
}

/** The selected practice's currency from the practice selector's data, else the catalog's. */
export function usePracticeCurrency(): string {
  const catalog = useCatalogCurrency();
  const ability = useAbility<AppAbility>();
  const practice = useSelectedPractice();
  const options = usePracticeOptions(ability.can('read', 'DentalPractice'));
  const match = (options.data ?? []).find((p) => p.id === practice?.id) as { currency?: unknown } | undefined;
  return typeof match?.currency === 'string' && /^[A-Z]{3}$/.test(match.currency) ? match.currency : catalog;
}

/** Money of stock (values, lot costs) in the practice's currency; `perUnit` keeps up to 4 decimals. */
export function useStockMoney() {
  return useMoneyIn(usePracticeCurrency());
}

/** A quantity with its sign always shown (+5, −3), up to 4 decimals. */
export function useSignedQuantity() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (value: string | number) => numberFormat(locale, { maximumFractionDigits: 4, signDisplay: 'exceptZero' }).format(String(value) as Intl.StringNumericLiteral),
    [locale],
  );
}

/** A date-only value (YYYY-MM-DD) in the interface language, never shifted by the time zone. */
export function useDay() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (value: string | null | undefined) => {
      if (!value) return '';
      const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
    },
    [locale],
  );
}
