import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReportExport } from '@enamel/contracts';
import { useFormat } from '../../core/format.ts';
import { exportDownloadUrl, useExportStatus } from './reports.api.ts';

/**
 * How an export stands: a direct download says so; a background one shows its progress (rows written of its
 * rows) while it is prepared, then a download link, or why it failed, or that its file has expired.
 */
export function ExportProgress({ row }: { row: ReportExport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data } = useExportStatus(row);
  // Followed while it runs; once the list has it finished, the list's row is the latest word.
  const current = row.status === 'queued' || row.status === 'running' ? (data ?? row) : row;
  const name = t(`reports.names.${current.report}`);
  if (!current.background)
    return (
      <Text size="xs" c="dimmed" data-testid="export-status" data-status="direct">
        {t('reports.background.direct')}
      </Text>
    );
  if (current.status === 'queued' || current.status === 'running') {
    const percent = current.row_count ? Math.min(100, Math.round((current.rows_written / current.row_count) * 100)) : 0;
    return (
      <Stack gap={4} data-testid="export-status" data-status={current.status} miw={160}>
        <Progress value={percent} striped aria-label={t('reports.background.progressLabel', { report: name })} />
        <Text size="xs" c="dimmed">
          {current.status === 'queued' ? t('reports.background.queued') : t('reports.background.progress', { written: format.number(current.rows_written), total: format.number(current.row_count) })}
        </Text>
      </Stack>
    );
  }
  if (current.status === 'succeeded')
    return (
      <Group gap="xs" wrap="nowrap" data-testid="export-status" data-status="succeeded">
        <Badge color="green" variant="light">
          {t('reports.background.succeeded')}
        </Badge>
        <Button
          component="a"
          href={exportDownloadUrl(current.id)}
          download
          size="compact-sm"
          variant="light"
          leftSection={<IconDownload size={14} />}
          aria-label={t('reports.background.downloadLabel', { report: name, format: current.format.toUpperCase() })}
          data-testid="export-download"
        >
          {t('reports.background.download')}
        </Button>
      </Group>
    );
  if (current.status === 'failed')
    return (
      <Stack gap={2} data-testid="export-status" data-status="failed">
        <Badge color="red" variant="light">
          {t('reports.background.failed')}
        </Badge>
        <Text size="xs" c="red.8" data-testid="export-failure">
          {current.failure}
        </Text>
      </Stack>
    );
  return (
    <Text size="xs" c="dimmed" data-testid="export-status" data-status="expired">
      {t('reports.background.expired')}
    </Text>
  );
}
