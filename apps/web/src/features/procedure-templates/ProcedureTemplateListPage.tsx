import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import { useMoney } from '../../ui/money.ts';
import { procedureCodeColumns } from '../procedure-codes/index.ts';
import { procedureTemplateListContract } from '@enamel/contracts';
import { procedureTemplateLifecycle, type ProcedureTemplateRow } from './procedure-template.api.ts';

/** /admin/list/procedure-templates: the consumables of each procedure and what they cost. */
export function ProcedureTemplateListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();

  const columns: DataTableColumn<ProcedureTemplateRow>[] = [
    { field: 'name', title: t('procedureTemplates.fields.name'), isUnique: true, minWidth: 220 },
    ...procedureCodeColumns<ProcedureTemplateRow>({ code: t('procedureTemplates.fields.procedureCode'), name: t('procedureTemplates.fields.procedureName'), minWidth: 200 }),
    { field: 'items_count', title: t('procedureTemplates.fields.itemsCount'), width: 120 },
    { field: 'consumable_cost', title: t('procedureTemplates.fields.consumableCost'), width: 160, cellRenderer: (row) => money(row.consumable_cost) },
  ];

  return (
    <RecordListPage<ProcedureTemplateRow>
      subject="ProcedureTemplate"
      ns="procedureTemplates"
      addTestId="template-add"
      form={{ add: () => void navigate('/admin/procedure-templates/create'), edit: (id) => void navigate(`/admin/procedure-templates/edit/${id}`) }}
      name={(row) => row.name}
      lifecycle={procedureTemplateLifecycle}
      table={{ tableId: 'procedure-templates', list: procedureTemplateListContract, columns, testId: 'procedure-templates-table' }}
    />
  );
}
