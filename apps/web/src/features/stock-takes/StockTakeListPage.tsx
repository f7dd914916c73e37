import { Button } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconClipboardList, IconEye, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { stockTakeListContract } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { useRefreshLists } from '../../core/actions.ts';
import { useFormat } from '../../core/format.ts';
import { notifySuccess } from '../../core/notify.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { StartStockTakeModal } from './StartStockTakeModal.tsx';
import { STOCK_TAKES_PATH, type StockTakeRow } from './stock-takes.api.ts';
import { StockTakeStatusBadge } from './StockTakeStatusBadge.tsx';

/** /admin/stock-takes: the selected practice's stock takes, open ones and the history, and the start dialog. */
export function StockTakeListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.stockTakes')} description={t('stockTakes.subtitle')} />
      <PracticeRequired>{(practice) => <StockTakeList practiceId={practice.id} />}</PracticeRequired>
    </>
  );
}

function StockTakeList({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const format = useFormat();
  const refresh = useRefreshLists();
  const [starting, setStarting] = useState(false);
  const open = (row: StockTakeRow) => void navigate(`${STOCK_TAKES_PATH}/${row.id}`);
  const count = (row: StockTakeRow) => void navigate(`${STOCK_TAKES_PATH}/${row.id}/count`);
  const columns: DataTableColumn<StockTakeRow>[] = [
    { field: 'id', title: t('stockTakes.fields.number'), isUnique: true, width: 90, cellRenderer: (row) => `#${row.id}` },
    { field: 'kind', title: t('stockTakes.fields.kind'), width: 150, cellRenderer: (row) => t(`stockTakes.kind.${row.kind}`) },
    { field: 'category_name', title: t('stockTakes.fields.category'), width: 160 },
    { field: 'location_name', title: t('stockTakes.fields.location'), width: 160 },
    { field: 'status', title: t('common.status'), width: 130, cellRenderer: (row) => <StockTakeStatusBadge status={row.status} /> },
    { field: 'counted_count', title: t('stockTakes.fields.counted'), width: 110, cellRenderer: (row) => `${row.counted_count} / ${row.lines_count}` },
    { field: 'lines_count', title: t('stockTakes.fields.lines'), width: 100, hide: true },
    { field: 'started_by_name', title: t('stockTakes.fields.startedBy'), width: 170 },
    { field: 'started_at', title: t('stockTakes.fields.startedAt'), width: 170, cellRenderer: (row) => format.dateTime(row.started_at) },
    { field: 'approved_at', title: t('stockTakes.fields.approvedAt'), width: 170, cellRenderer: (row) => (row.approved_at ? format.dateTime(row.approved_at) : '') },
    { field: 'variance_value', title: t('stockTakes.fields.varianceValue'), width: 140, cellRenderer: (row) => (row.variance_value === null ? '' : format.number(Number(row.variance_value), { maximumFractionDigits: 2, minimumFractionDigits: 2 })) },
    { field: 'blind', title: t('stockTakes.fields.blind'), width: 90, hide: true, cellRenderer: (row) => (row.blind ? t('common.yes') : t('common.no')) },
    { field: 'dental_practice_name', title: t('stockTakes.fields.practice'), hide: true },
  ];
  return (
    <>
      <DataTable<StockTakeRow>
        tableId="stock-takes"
        list={stockTakeListContract}
        params={{ dental_practice_id: practiceId }}
        columns={columns}
        exportFileName="stock-takes"
        onRowOpen={open}
        toolbar={
          ability.can('create', 'StockTake') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setStarting(true)} data-testid="stock-take-new">
              {t('stockTakes.start')}
            </Button>
          ) : null
        }
        rowActions={(row) => (
          <RowActionsMenu
            label={`#${row.id}`}
            actions={[
              { key: 'open', label: t('stockTakes.open'), icon: <IconEye size={16} />, onClick: () => open(row) },
              ...(row.status === 'open' && ability.can('update', 'StockTake') ? [{ key: 'count', label: t('stockTakes.count'), icon: <IconClipboardList size={16} />, onClick: () => count(row) }] : []),
            ]}
          />
        )}
        testId="stock-takes-table"
      />
      <StartStockTakeModal
        opened={starting}
        practiceId={practiceId}
        onClose={() => setStarting(false)}
        onStarted={async (take) => {
          setStarting(false);
          notifySuccess(t('stockTakes.started'));
          await refresh([]);
          void navigate(`${STOCK_TAKES_PATH}/${take.id}`);
        }}
      />
    </>
  );
}
