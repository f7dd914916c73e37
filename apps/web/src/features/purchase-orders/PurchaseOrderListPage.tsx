import { Button } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { purchaseOrderListContract } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { useMoneyIn } from '../../ui/money.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { useFormat } from '../../core/format.ts';
import { useDay } from '../inventory/index.ts';
import type { PurchaseOrderRow } from './purchase-orders.api.ts';
import { PurchaseOrderStatusBadge } from './PurchaseOrderStatusBadge.tsx';

/** Money in the PO's own currency (a supplier's prices are never converted). */
function Total({ row }: { row: PurchaseOrderRow }) {
  const money = useMoneyIn(row.currency);
  return <span data-testid="po-total">{money(row.total)}</span>;
}

/** /admin/purchase-orders: the selected practice's purchase orders, with filters and CSV export. */
export function PurchaseOrderListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.purchaseOrders')} description={t('purchaseOrders.subtitle')} />
      <PracticeRequired>{(practice) => <PurchaseOrderList practiceId={practice.id} />}</PracticeRequired>
    </>
  );
}

function PurchaseOrderList({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const format = useFormat();
  const day = useDay();
  const open = (row: PurchaseOrderRow) => void navigate(`/admin/purchase-orders/${row.id}`);
  const columns: DataTableColumn<PurchaseOrderRow>[] = [
    { field: 'number', title: t('purchaseOrders.fields.number'), isUnique: true, width: 130 },
    { field: 'supplier_name', title: t('purchaseOrders.fields.supplier'), minWidth: 200 },
    { field: 'status', title: t('common.status'), width: 170, cellRenderer: (row) => <PurchaseOrderStatusBadge status={row.status} /> },
    { field: 'total', title: t('purchaseOrders.fields.total'), width: 140, cellRenderer: (row) => <Total row={row} /> },
    { field: 'currency', title: t('purchaseOrders.fields.currency'), width: 100, hide: true },
    { field: 'lines_count', title: t('purchaseOrders.fields.lines'), width: 100 },
    { field: 'created_at', title: t('purchaseOrders.fields.created'), width: 170, cellRenderer: (row) => format.dateTime(row.created_at) },
    { field: 'sent_at', title: t('purchaseOrders.fields.sent'), width: 170, cellRenderer: (row) => (row.sent_at ? format.dateTime(row.sent_at) : '') },
    { field: 'expected_at', title: t('purchaseOrders.fields.expected'), width: 140, cellRenderer: (row) => day(row.expected_at) },
    { field: 'dental_practice_name', title: t('purchaseOrders.fields.practice'), hide: true },
  ];
  return (
    <DataTable<PurchaseOrderRow>
      tableId="purchase-orders"
      list={purchaseOrderListContract}
      params={{ dental_practice_id: practiceId }}
      columns={columns}
      exportFileName="purchase-orders"
      onRowOpen={open}
      toolbar={
        ability.can('create', 'PurchaseOrder') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate('/admin/purchase-orders/new')} data-testid="po-new">
            {t('purchaseOrders.new')}
          </Button>
        ) : null
      }
      rowActions={(row) => <RowActionsMenu label={row.number} actions={[{ key: 'open', label: t('purchaseOrders.open'), icon: <IconEye size={16} />, onClick: () => open(row) }]} />}
      testId="purchase-orders-table"
    />
  );
}
