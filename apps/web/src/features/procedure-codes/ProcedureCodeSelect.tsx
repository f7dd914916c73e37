import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchAllProcedureCodes, type ProcedureCodeOption } from './procedure-code.api.ts';

/** Every procedure code, as the pickers load them (one cached query for all of them). */
export function useProcedureCodes() {
  return useQuery({ queryKey: ['procedure-codes', 'all'], queryFn: fetchAllProcedureCodes });
}

/** "D2391 · Resin composite, one surface": how a procedure code reads in a picker. */
export const procedureCodeLabel = (code: Pick<ProcedureCodeOption, 'code' | 'name'>) => `${code.code} · ${code.name}`;

/** A required, searchable choice of one procedure code (`data` chosen by the form: which codes it offers). */
export function ProcedureCodeSelect({ pending, ...props }: SelectProps & { pending: boolean; 'data-testid'?: string }) {
  const { t } = useTranslation();
  return <Select searchable required allowDeselect={false} disabled={pending} nothingFoundMessage={t('table.noOptions')} {...props} />;
}
