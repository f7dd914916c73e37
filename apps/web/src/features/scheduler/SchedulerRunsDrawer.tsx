import { Alert, Card, Code, Drawer, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SchedulerJob } from '@enamel/contracts';
import { useFormat } from '../../core/format.ts';
import { useRunFollower } from '../../ui/useRunFollower.ts';
import { RunStatusBadge } from '../../ui/RunStatusBadge.tsx';
import { fetchJobRuns } from './scheduler.api.ts';

/** A job's run history, newest first: when, how long, status, which server, its log lines and error. */
export function SchedulerRunsDrawer({ job, onClose }: { job: SchedulerJob | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Every second while a run is under way, else every five (a cron time may start one meanwhile).
  const runs = useRunFollower({
    queryKey: ['scheduler-runs', job?.id],
    fetch: () => fetchJobRuns(job!.id),
    statuses: (list) => list.map((r) => r.status),
    enabled: job !== null,
    idleIntervalMs: 5000,
  });
  const seconds = (ms: number) => format.number(ms / 1000, { style: 'unit', unit: 'second', maximumFractionDigits: 1 });

  return (
    <Drawer opened={job !== null} onClose={onClose} position="right" size="xl" title={job ? t('scheduler.historyTitle', { job: t(`scheduler.jobs.${job.name}.title`) }) : ''} scrollAreaComponent={ScrollArea.Autosize} data-testid="scheduler-runs-drawer">
      {runs.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : runs.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('scheduler.historyError')}
        </Alert>
      ) : runs.data.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="scheduler-runs-empty">
          {t('scheduler.noRuns')}
        </Text>
      ) : (
        <Stack gap="sm">
          {runs.data.map((run) => (
            <Card key={run.id} withBorder padding="sm" data-testid="scheduler-run">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" fw={600}>
                  {format.dateTime(run.started_at ?? run.created_at, { dateStyle: 'medium', timeStyle: 'medium' })}
                </Text>
                <RunStatusBadge status={run.status} />
              </Group>
              <Text size="xs" c="dimmed">
                {[
                  t(`scheduler.triggers.${run.trigger}`),
                  t('scheduler.slot', { time: format.dateTime(run.slot) }),
                  run.duration_ms === null ? null : t('scheduler.took', { duration: seconds(run.duration_ms) }),
                  run.instance ? t('scheduler.onServer', { instance: run.instance }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              {run.log.length ? (
                <Code block mt="xs" data-testid="scheduler-run-log">
                  {run.log.join('\n')}
                </Code>
              ) : null}
              {run.error ? (
                <Alert color="red" variant="light" mt="xs" title={t('scheduler.error')}>
                  {run.error}
                </Alert>
              ) : null}
            </Card>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
