import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UNITS } from '@enamel/contracts';
import { fetchUnits } from './product.api.ts';

/** Options for a unit Select: the server's list (contract's UNITS until it arrives), translated. */
export function useUnitOptions() {
  const { t } = useTranslation();
  const units = useQuery({ queryKey: ['product', 'units'], queryFn: fetchUnits, staleTime: 60 * 60_000 });
  return useMemo(() => (units.data ?? [...UNITS]).map((value) => ({ value, label: t(`units.${value}`, { defaultValue: value }) })), [units.data, t]);
}
