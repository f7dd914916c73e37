import { Alert, Button, Group, Loader, Skeleton, Text } from '@mantine/core';
import { IconChartLine, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardMeta } from '@enamel/contracts';
import { useFormat } from '../../core/format.ts';
import { notifyError } from '../../core/notify.ts';
import { toAppError } from '../../core/errors.ts';
import { dashboardKey, isActiveRun, requestForecastRun, useForecastRun } from './dashboard.api.ts';

/**
 * The stored forecast the widgets read for this date: when it was made, or that there is none yet, with
 * *Run now* — a run on the server that the bar follows until it finishes, then the widgets reload.
 */
export function ForecastRunBar({ practiceId, meta, loading }: { practiceId: number; meta: DashboardMeta | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const [runId, setRunId] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const followed = useForecastRun(runId);
  const status = followed.data?.status;
  const running = asking || (status !== undefined && isActiveRun(status));

  useEffect(() => {
    if (status === 'succeeded') void client.invalidateQueries({ queryKey: dashboardKey(practiceId) });
    if (status === 'failed') notifyError(t('dashboard.run.failed'));
  }, [status, client, practiceId, t]);

  // Its place is kept while the first widget answers, so the widgets do not move down when it appears.
  if (!meta) return loading ? <Skeleton height={64} radius="sm" mb="lg" data-testid="forecast-run-bar-loading" /> : null;
  const runNow = async () => {
    setAsking(true);
    try {
      setRunId((await requestForecastRun(practiceId, meta.forecast_date)).id);
    } catch (error) {
      notifyError(toAppError(error, t).message);
    } finally {
      setAsking(false);
    }
  };
  const button = (
    <Button size="xs" variant={meta.run ? 'light' : 'filled'} leftSection={running ? <Loader size={14} color="currentColor" /> : <IconRefresh size={14} />} onClick={() => void runNow()} disabled={running} data-testid="forecast-run-now">
      {running ? t('dashboard.run.running') : meta.run ? t('dashboard.run.again') : t('dashboard.run.now')}
    </Button>
  );
  return (
    <Alert variant="light" color={meta.run ? 'teal' : 'yellow'} icon={<IconChartLine size={18} />} mb="lg" data-testid="forecast-run-bar" aria-live="polite">
      <Group justify="space-between" gap="sm">
        <Text size="sm" data-testid="forecast-run-status">
          {running
            ? t('dashboard.run.progress', { status: t(`dashboard.run.status.${status ?? 'queued'}`) })
            : meta.run?.finished_at
              ? t('dashboard.run.made', { when: format.dateTime(meta.run.finished_at), weeks: meta.run.horizon_weeks })
              : t('dashboard.run.none', { date: format.dateTime(`${meta.forecast_date}T12:00:00`, { dateStyle: 'medium' }) })}
        </Text>
        {button}
      </Group>
    </Alert>
  );
}
