import { Code } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '@casl/react';
import type { AppAbility } from '../../core/abilities.ts';
import { api } from '../../core/api.ts';
import { useFormat } from '../../core/format.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { useConfirmedActions } from '../../ui/useConfirmedActions.tsx';
import { archiveListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';

export type ArchiveRow = ListRow<typeof archiveListContract>;

export const ARCHIVES_LIST_URL = LIST_PATHS.archive;
const downloadUrl = (id: number) => `/api/archive-logs/download/${id}`;

/** /admin/archive-logs: the activity log's archived entries, a gzipped file per batch; download or delete. */
export function ArchiveLogListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const ability = useAbility<AppAbility>();
  const canDelete = ability.can('delete', 'ArchiveLog');
  const day = (iso: string) => format.dateTime(iso, { dateStyle: 'medium' });

  const columns: DataTableColumn<ArchiveRow>[] = [
    { field: 'period_start', title: t('archiveLogs.from'), width: 150, cellRenderer: (row) => day(row.period_start) },
    { field: 'period_end', title: t('archiveLogs.to'), width: 150, cellRenderer: (row) => day(row.period_end) },
    { field: 'row_count', title: t('archiveLogs.entries'), width: 120, cellRenderer: (row) => format.number(row.row_count) },
    { field: 'size_bytes', title: t('archiveLogs.size'), width: 120, cellRenderer: (row) => format.number(row.size_bytes / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }) },
    { field: 'checksum', title: t('archiveLogs.checksum'), cellRenderer: (row) => <Code title={row.checksum}>{row.checksum.slice(0, 16)}…</Code> },
    { field: 'created_at', title: t('archiveLogs.archivedAt'), width: 180, cellRenderer: (row) => format.dateTime(row.created_at) },
  ];

  const confirm = useConfirmedActions<ArchiveRow, 'delete'>({
    delete: {
      title: t('archiveLogs.deleteTitle'),
      message: (row) => t('archiveLogs.deleteMessage', { count: row.row_count, from: day(row.period_start), to: day(row.period_end) }),
      label: t('actions.delete'),
      danger: true,
      call: (row) => api.post(`/api/archive-logs/delete/${row.id}`),
      done: t('archiveLogs.deleted'),
    },
  });

  return (
    <>
      <PageHeader title={t('routes.archiveLogs')} description={t('archiveLogs.subtitle')} />
      <DataTable<ArchiveRow>
        tableId="archive-logs"
        list={archiveListContract}
        columns={columns}
        exportFileName="archive-logs"
        rowActions={(row) => (
          <RowActionsMenu
            label={`${day(row.period_start)} – ${day(row.period_end)}`}
            actions={[
              { key: 'download', label: t('archiveLogs.download'), icon: <IconDownload size={16} />, onClick: () => window.location.assign(downloadUrl(row.id)) },
              { key: 'delete', label: t('actions.delete'), icon: <IconTrash size={16} />, color: 'red', onClick: () => confirm.ask('delete', row), hidden: !canDelete },
            ]}
          />
        )}
        testId="archive-logs-table"
      />
      {confirm.dialog}
    </>
  );
}
