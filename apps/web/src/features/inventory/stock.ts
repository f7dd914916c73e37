import { useAbility } from '@casl/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../core/abilities.ts';
import { useSelectedPractice } from '../../core/practice.ts';
import { usePracticeOptions } from '../../ui/PracticeSelector.tsx';
import { formatMoney } from '../../core/format.ts';
import { useCatalogCurrency } from '../../core/organisation.ts';
import { fromScaled, toScaled } from '../products/money.ts';
import type { StockStatus } from './inventory.api.ts';

/** Days ahead in which a lot counts as expiring (as the server's `stock_status`). */
export const EXPIRING_DAYS = 30;

export const STOCK_STATUS_COLORS: Record<StockStatus, string> = { out: 'red', low: 'orange', expiring: 'yellow', ok: 'green' };

export type ExpiryState = 'expired' | 'expiring' | 'ok';

/** Today as YYYY-MM-DD in the browser's zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** An expiry date (YYYY-MM-DD) against today: past, within EXPIRING_DAYS, or later. */
export function expiryState(expiry: string | null | undefined, today = todayIso()): ExpiryState | null {
  if (!expiry) return null;
  const day = expiry.slice(0, 10);
  if (day < today) return 'expired';
  if (day < addDays(today, EXPIRING_DAYS)) return 'expiring';
  return 'ok';
}

export const EXPIRY_COLORS: Record<ExpiryState, string> = { expired: 'red', expiring: 'orange', ok: 'inherit' };

/** Signed decimal comparison: -1, 0, 1 (unreadable text counts as 0). */
export function compareDecimals(a: string | number, b: string | number): number {
  const x = toSigned(a);
  const y = toSigned(b);
  return x === y ? 0 : x < y ? -1 : 1;
}

function toSigned(value: string | number): bigint {
  const text = String(value).trim();
  const negative = text.startsWith('-');
  const scaled = toScaled(negative ? text.slice(1) : text) ?? 0n;
  return negative ? -scaled : scaled;
}

/** a − b, exact, as a 4-decimal string (may be negative). */
export function subtractDecimals(a: string | number, b: string | number): string {
  const diff = toSigned(a) - toSigned(b);
  return diff < 0n ? `-${fromScaled(-diff)}` : fromScaled(diff);
}

/** a + b, exact, as a 4-decimal string (may be negative). */
export function addDecimals(a: string | number, b: string | number): string {
  const sum = toSigned(a) + toSigned(b);
  return sum < 0n ? `-${fromScaled(-sum)}` : fromScaled(sum);
}

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
  const { i18n } = useTranslation();
  const currency = usePracticeCurrency();
  const locale = i18n.language;
  return useCallback(
    (value: string | number | null | undefined, options?: { perUnit?: boolean }): string => {
      if (value === null || value === undefined || value === '') return '';
      return formatMoney(locale, String(value).trim(), currency, options);
    },
    [locale, currency],
  );
}

/** A quantity with its sign always shown (+5, −3), up to 4 decimals. */
export function useSignedQuantity() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (value: string | number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 4, signDisplay: 'exceptZero' }).format(String(value) as Intl.StringNumericLiteral),
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
