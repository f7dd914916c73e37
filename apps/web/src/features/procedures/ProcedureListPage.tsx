import { Button } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconCircleCheck, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { useFormat } from '../../core/format.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useConfirmedActions } from '../../ui/useConfirmedActions.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { STOCK_QUERY_KEYS } from '../inventory/index.ts';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { useStockMoney } from '../inventory/index.ts';
import { procedureCodeColumns } from '../procedure-codes/index.ts';
import { completeProcedure, deleteProcedure, type ProcedureRow } from './procedure.api.ts';
import { ProcedureStatusBadge } from './ProcedureStatusBadge.tsx';
import { procedureListContract } from '@enamel/contracts';

/** /admin/list/procedures: the selected practice's procedures and what their consumables cost. */
export function ProcedureListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.procedures')} description={t('procedures.subtitle')} />
      <PracticeRequired>{(practice) => <ProcedureList practiceId={practice.id} />}</PracticeRequired>
    </>
  );
}

function ProcedureList({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const format = useFormat();
  const money = useStockMoney();
  const canEdit = ability.can('update', 'Procedure');
  const canDelete = ability.can('delete', 'Procedure');
  const open = (row: ProcedureRow) => void navigate(`/admin/procedures/${row.id}`);

  const columns: DataTableColumn<ProcedureRow>[] = [
    { field: 'performed_at', title: t('procedures.fields.performedAt'), width: 190, cellRenderer: (row) => format.dateTime(row.performed_at) },
    ...procedureCodeColumns<ProcedureRow>({ code: t('procedures.fields.procedureCode'), name: t('procedures.fields.procedureName'), minWidth: 220 }),
    { field: 'template_name', title: t('procedures.fields.template'), minWidth: 160 },
    { field: 'provider', title: t('procedures.fields.provider'), minWidth: 140 },
    { field: 'status', title: t('common.status'), width: 130, cellRenderer: (row) => <ProcedureStatusBadge status={row.status} /> },
    { field: 'items_count', title: t('procedures.fields.itemsCount'), width: 100, hide: true },
    { field: 'consumable_cost', title: t('procedures.fields.consumableCost'), width: 170, cellRenderer: (row) => money(row.consumable_cost) },
    { field: 'id', title: t('procedures.fields.id'), isUnique: true, width: 90, hide: true },
  ];

  /** Complete or delete, confirmed first with the procedure's code and date. */
  const confirmed = (kind: 'complete' | 'delete', label: string, done: string, call: (id: number) => Promise<unknown>) => ({
    title: t(`procedures.${kind}Title`),
    message: (row: ProcedureRow) => t(`procedures.${kind}Message`, { code: row.procedure_code, date: format.dateTime(row.performed_at) }),
    label,
    danger: kind === 'delete',
    call: (row: ProcedureRow) => call(row.id),
    done,
  });
  const confirm = useConfirmedActions<ProcedureRow, string>(
    {
      complete: confirmed('complete', t('procedures.complete'), t('procedures.completed'), completeProcedure),
      delete: confirmed('delete', t('actions.delete'), t('procedures.deleted'), deleteProcedure),
    },
    ['procedures', ...STOCK_QUERY_KEYS],
  );

  return (
    <>
      <DataTable<ProcedureRow>
        tableId="procedures"
        list={procedureListContract}
        params={{ dental_practice_id: practiceId }}
        columns={columns}
        exportFileName="procedures"
        onRowOpen={open}
        toolbar={
          ability.can('create', 'Procedure') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate('/admin/procedures/create')} data-testid="procedure-add">
              {t('procedures.add')}
            </Button>
          ) : null
        }
        rowActions={(row) => (
          <RowActionsMenu
            label={`${row.procedure_code} ${row.procedure_code_name}`}
            actions={[
              { key: 'open', label: t('procedures.open'), icon: <IconEye size={16} />, onClick: () => open(row) },
              { key: 'edit', label: t('actions.edit'), icon: <IconPencil size={16} />, onClick: () => void navigate(`/admin/procedures/edit/${row.id}`), hidden: !canEdit },
              { key: 'complete', label: t('procedures.complete'), icon: <IconCircleCheck size={16} />, onClick: () => confirm.ask('complete', row), hidden: !canEdit || row.status !== 'planned' },
              { key: 'delete', label: t('actions.delete'), icon: <IconTrash size={16} />, color: 'red', onClick: () => confirm.ask('delete', row), hidden: !canDelete },
            ]}
          />
        )}
        testId="procedures-table"
      />
      {confirm.dialog}
    </>
  );
}
