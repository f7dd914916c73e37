import { useTranslation } from 'react-i18next';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { procedureCodeLifecycle, type ProcedureCodeRow } from './procedure-code.api.ts';
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
  ];

  return (
    <RecordListPage<ProcedureCodeRow>
      subject="ProcedureCode"
      ns="procedureCodes"
      addTestId="procedure-code-add"
      form={{ modal: ProcedureCodeFormModal }}
      name={(row) => `${row.code} ${row.name}`}
      lifecycle={procedureCodeLifecycle}
      table={{ tableId: 'procedure-codes', list: procedureCodeListContract, columns, testId: 'procedure-codes-table' }}
    />
  );
}
