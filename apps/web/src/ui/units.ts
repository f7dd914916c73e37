import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../core/format.ts';

/**
 * Units as people read them. No contract schemas here: the dashboard's first screen uses these, and the
 * contracts' zod schemas would ride along (the unit options for forms are in unit-options.ts).
 */

/** A unit's translated name (`units.<value>`), the raw value for a unit this version does not know. */
export function useUnitLabel() {
  const { t } = useTranslation();
  // With a quantity, the unit takes the language's plural form for it ("1 tip", "250 tips", "2,5 pares").
  return (unit: string, count?: number | string) => (count === undefined ? t(`units.${unit}`, { defaultValue: unit }) : t(`units.${unit}`, { count: Number(count), defaultValue: unit }));
}

/** A quantity with its unit, in the interface language and the unit's plural form: "250 tips", "152 unidades". */
export function useQuantityWithUnit() {
  const { i18n } = useTranslation();
  const unit = useUnitLabel();
  return (value: string | number, unitCode: string) =>
    `${numberFormat(i18n.language, { maximumFractionDigits: 4 }).format(String(value) as Intl.StringNumericLiteral)}\u00a0${unit(unitCode, value)}`;
}

/** "Box of 100 each": the purchase unit, how many usage units it holds, the usage unit. */
export function usePackaging() {
  const { t, i18n } = useTranslation();
  const unit = useUnitLabel();
  return (purchaseUnit: string, count: number, usageUnit: string) => {
    const text = t('products.packaging', { purchaseUnit: unit(purchaseUnit), count: numberFormat(i18n.language).format(count) as unknown as number, usageUnit: unit(usageUnit, count) });
    return text.charAt(0).toLocaleUpperCase(i18n.language) + text.slice(1);
  };
}

/** The decimal separator of the interface language, for NumberInput. */
export function useDecimalSeparator(): string {
  const { i18n } = useTranslation();
  return useMemo(() => new Intl.NumberFormat(i18n.language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.', [i18n.language]);
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
