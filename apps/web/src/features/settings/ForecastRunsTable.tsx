import { Button, Card, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forecastRunListContract, type ListRow } from '@enamel/contracts';
import { useRefreshLists } from '../../core/actions.ts';
import { toAppError } from '../../core/errors.ts';
import { useFormat } from '../../core/format.ts';
import { notifyError, notifySuccess } from '../../core/notify.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { requestForecastRun, useForecastRun, useMethodName } from '../dashboard/index.ts';
import { RunStatusBadge } from '../../ui/RunStatusBadge.tsx';
import { SectionTitle } from '../../ui/SectionTitle.tsx';

type ForecastRunRow = ListRow<typeof forecastRunListContract>;

/** The forecast_date list (docs/client-contract.md#lists): every run of the practices the reader may see, and Run now for the selected one. */
export function ForecastRunsTable({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const refreshLists = useRefreshLists();
  const [asking, setAsking] = useState(false);
  // The run started here is followed until it ends; the list then shows its result.
  const [runId, setRunId] = useState<number | null>(null);
  const status = useForecastRun(runId).data?.status;
  useEffect(() => {
    if (status) void refreshLists();
  }, [status, refreshLists]);
  const methodName = useMethodName();
  const day = (iso: string) => format.dateTime(`${iso}T12:00:00`, { dateStyle: 'medium' });

  const columns: DataTableColumn<ForecastRunRow>[] = [
    { field: 'dental_practice_name', title: t('settings.runs.practice'), width: 200 },
    { field: 'forecast_date', title: t('settings.runs.forecastDate'), width: 150, cellRenderer: (row) => day(row.forecast_date) },
    {
      field: 'status',
      title: t('settings.runs.status'),
      width: 130,
      cellRenderer: (row) => (
        <RunStatusBadge status={row.status} title={row.failure ? [t(`runs.failure.${row.failure}`), row.error].filter(Boolean).join(': ') : undefined} />
      ),
    },
    { field: 'requested_by_email', title: t('settings.runs.requestedBy'), width: 220, cellRenderer: (row) => row.requested_by_email ?? t('settings.runs.system') },
    { field: 'created_at', title: t('settings.runs.createdAt'), width: 180, cellRenderer: (row) => format.dateTime(row.created_at) },
    { field: 'duration_ms', title: t('settings.runs.duration'), width: 120, cellRenderer: (row) => (row.duration_ms === null ? '—' : format.number(row.duration_ms / 1000, { style: 'unit', unit: 'second', maximumFractionDigits: 1 })) },
    { field: 'series_count', title: t('settings.runs.series'), width: 110, cellRenderer: (row) => format.number(row.series_count) },
    {
      field: 'wape',
      title: t('settings.runs.accuracy'),
      width: 230,
      cellRenderer: (row) =>
        row.accuracy ? (
          <Text size="xs" title={t('settings.runs.accuracyHint')}>
            {t('settings.runs.accuracyValue', {
              count: row.accuracy.weeks,
              wape: row.accuracy.wape === null ? '—' : format.number(row.accuracy.wape, { style: 'percent', maximumFractionDigits: 0 }),
              coverage: format.number(row.accuracy.coverage, { style: 'percent', maximumFractionDigits: 0 }),
            })}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" title={t('settings.runs.accuracyNone')}>
            {t('settings.runs.accuracyNotYet')}
          </Text>
        ),
    },
    {
      field: 'methods',
      title: t('settings.runs.methods'),
      width: 340,
      // Long: shown from the column menu.
      hide: true,
      cellRenderer: (row) => (
        <Text size="xs">
          {Object.entries(row.methods)
            .sort((a, b) => b[1] - a[1])
            .map(([method, count]) => `${methodName(method)}\u00a0${format.number(count)}`)
            .join(' · ') || '—'}
        </Text>
      ),
    },
  ];

  async function runNow() {
    setAsking(true);
    try {
      // No date: the server forecasts as of the practice's own today.
      setRunId((await requestForecastRun(practiceId)).id);
      notifySuccess(t('settings.runs.started'));
    } catch (error) {
      notifyError(toAppError(error, t).message);
    } finally {
      setAsking(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="forecast-runs-title">
      <Group justify="space-between" align="flex-start" mb="md">
        <SectionTitle id="forecast-runs-title" title={t('settings.runs.title')} text={t('settings.runs.text')} gap={4} />
        <Button leftSection={<IconRefresh size={16} />} onClick={() => void runNow()} loading={asking} data-testid="settings-run-now">
          {t('dashboard.run.now')}
        </Button>
      </Group>
      <DataTable<ForecastRunRow> tableId="forecast-runs" list={forecastRunListContract} columns={columns} exportFileName="forecast-runs" testId="forecast-runs-table" />
    </Card>
  );
}
