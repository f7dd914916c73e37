import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllProcedureCodes, type ProcedureCodeOption } from './procedure-code.api.ts';

/** Every procedure code, as the pickers load them (one cached query for all of them). */
export function useProcedureCodes() {
  return useQuery({ queryKey: ['procedure-codes', 'all'], queryFn: fetchAllProcedureCodes });
}

/** "D2391 · Resin composite, one surface": how a procedure code reads in a picker. */
export const procedureCodeLabel = (code: Pick<ProcedureCodeOption, 'code' | 'name'>) => `${code.code} · ${code.name}`;

/** The code of the record being edited, as the record names it. */
export interface KeptProcedureCode {
  procedure_code_id: number;
  procedure_code: string;
  procedure_code_name: string;
}

interface ProcedureCodeSelectProps extends Omit<SelectProps, 'data'> {
  /** Inactive codes: offered with "(inactive)" after them, or left out (unless chosen). */
  inactive: 'labelled' | 'hidden';
  /** The edited record's code stays choosable even when it is no longer listed. */
  keep?: KeptProcedureCode | undefined;
  'data-testid'?: string;
}

/** A required, searchable choice of one procedure code, from every code the practice's organisation has. */
export function ProcedureCodeSelect({ inactive, keep, ...props }: ProcedureCodeSelectProps) {
  const { t } = useTranslation();
  const codes = useProcedureCodes();
  const chosen = props.value;
  const data = useMemo(() => {
    const offered = (codes.data ?? []).filter((c) => inactive === 'labelled' || c.status === 'active' || String(c.id) === chosen);
    const list = offered.map((c) => ({ value: String(c.id), label: `${procedureCodeLabel(c)}${c.status === 'active' || inactive === 'hidden' ? '' : ` (${t('status.inactive')})`}` }));
    if (keep && !list.some((o) => o.value === String(keep.procedure_code_id))) list.unshift({ value: String(keep.procedure_code_id), label: `${keep.procedure_code} · ${keep.procedure_code_name}` });
    return list;
  }, [codes.data, inactive, chosen, keep, t]);
  return <Select searchable required allowDeselect={false} disabled={codes.isPending} nothingFoundMessage={t('table.noOptions')} data={data} {...props} />;
}
