import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UNITS } from '@enamel/contracts';
import { fetchUnits } from './product.api.ts';

/** A unit's translated name (`units.<value>`), the raw value for a unit this version does not know. */
export function useUnitLabel() {
  const { t } = useTranslation();
  return (unit: string) => t(`units.${unit}`, { defaultValue: unit });
}

/** Options for a unit Select: the server's list (contract's UNITS until it arrives), translated. */
export function useUnitOptions() {
  const { t } = useTranslation();
  const units = useQuery({ queryKey: ['product', 'units'], queryFn: fetchUnits, staleTime: 60 * 60_000 });
  return useMemo(() => (units.data ?? [...UNITS]).map((value) => ({ value, label: t(`units.${value}`, { defaultValue: value }) })), [units.data, t]);
}

/** "Box of 100 each": the purchase unit, how many usage units it holds, the usage unit. */
export function usePackaging() {
  const { t, i18n } = useTranslation();
  const unit = useUnitLabel();
  return (purchaseUnit: string, count: number, usageUnit: string) => {
    const text = t('products.packaging', { purchaseUnit: unit(purchaseUnit), count: new Intl.NumberFormat(i18n.language).format(count) as unknown as number, usageUnit: unit(usageUnit) });
    return text.charAt(0).toLocaleUpperCase(i18n.language) + text.slice(1);
  };
}

/** The decimal separator of the interface language, for NumberInput. */
export function useDecimalSeparator(): string {
  const { i18n } = useTranslation();
  return useMemo(() => new Intl.NumberFormat(i18n.language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.', [i18n.language]);
}
