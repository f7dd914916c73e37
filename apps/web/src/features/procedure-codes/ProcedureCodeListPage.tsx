import { useTranslation } from 'react-i18next';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { deactivateProcedureCode, restoreProcedureCode, type ProcedureCodeRow } from './procedure-code.api.ts';
import { ProcedureCodeFormModal } from './ProcedureCodeFormModal.tsx';
import { procedureCodeListContract } from '@enamel/contracts';

/** /admin/list/procedure-codes: the practice's procedure codes by category, with how many templates use each. */
export function ProcedureCodeListPage() {
  const { t } = useTranslation();

  const columns: DataTableColumn<ProcedureCodeRow>[] = [
    { field: 'code', title: t('procedureCodes.fields.code'), isUnique: true, width: 120 },
    { field: 'name', title: t('procedureCodes.fields.name'), minWidth: 220 },
    { field: 'category', title: t('procedureCodes.fields.category'), cellRenderer: (row) => t(`procedureCategories.${row.category}`, { defaultValue: row.category }) },
    { field: 'templates_count', title: t('procedureCodes.fields.templatesCount'), width: 130 },
    { field: 'status', title: t('common.status'), width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
    { field: 'created_at', title: t('common.createdAt'), hide: true },
  ];

  return (
    <RecordListPage<ProcedureCodeRow>
      subject="ProcedureCode"
      ns="procedureCodes"
      title={t('routes.procedureCodes')}
      addTestId="procedure-code-add"
      form={{ modal: ProcedureCodeFormModal }}
      name={(row) => `${row.code} ${row.name}`}
      lifecycle={{ calls: { deactivate: deactivateProcedureCode, restore: restoreProcedureCode }, refresh: ['procedure-code', 'procedure-codes'] }}
      table={{ tableId: 'procedure-codes', list: procedureCodeListContract, columns, exportFileName: 'procedure-codes', testId: 'procedure-codes-table' }}
    />
  );
}
