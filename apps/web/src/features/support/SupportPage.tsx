import { Alert, Badge, Button, Code, CopyButton, Grid, Group, List, Loader, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconClockPlay, IconCopy, IconDatabaseExport, IconHeartbeat, IconInfoCircle, IconLifebuoy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Support } from '@enamel/contracts';
import { toAppError } from '../../core/errors.ts';
import { useFormat } from '../../core/format.ts';
import { notifySuccess } from '../../core/notify.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useBackUpNow, useSupport } from './support.api.ts';

function StatusRow({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Group justify="space-between" py={6} gap="md" wrap="nowrap" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

function SectionTitle({ id, icon, children, action }: { id: string; icon: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between" mb="sm" gap="sm">
      <Group gap="sm">
        <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} fz="lg" id={id}>
          {children}
        </Title>
      </Group>
      {action}
    </Group>
  );
}

/** Bytes in the largest unit that keeps the number readable, in the interface language. */
function useBytes() {
  const format = useFormat();
  return (bytes: number) => {
    const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
    let value = bytes;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return format.number(value, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 });
  };
}

/** The latest backups with "Back up now" (embedded database), or how to back up PostgreSQL. */
function BackupsSection({ backups }: { backups: NonNullable<Support['backups']> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const bytes = useBytes();
  const backUp = useBackUpNow();
  const error = backUp.error ? toAppError(backUp.error, t) : null;

  const start = () =>
    backUp.mutate(undefined, {
      onSuccess: (taken) => notifySuccess(t('support.backups.taken', { size: bytes(taken.size_bytes) })),
    });

  return (
    <Paper withBorder p="xl" component="section" aria-labelledby="support-backups-title" data-testid="support-backups">
      <SectionTitle
        id="support-backups-title"
        icon={<IconDatabaseExport size={20} />}
        action={
          backups.supported ? (
            // Not `loading`: that disables the button, and a disabled button drops the keyboard focus.
            <Button
              onClick={() => {
                if (!backUp.isPending) start();
              }}
              aria-disabled={backUp.isPending || undefined}
              leftSection={backUp.isPending ? <Loader size={14} color="currentColor" /> : <IconDatabaseExport size={16} />}
              variant="light"
              data-testid="support-back-up-now"
            >
              {backUp.isPending ? t('support.backups.running') : t('support.backups.backUpNow')}
            </Button>
          ) : null
        }
      >
        {t('support.backups.title')}
      </SectionTitle>
      {backups.supported ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('support.backups.text', { daily: backups.retention.daily, weekly: backups.retention.weekly, latest: backups.retention.latest })}
          </Text>
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="support-backup-error">
              {error.message}
            </Alert>
          ) : null}
          {backups.problem ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="support-backups-problem">
              {backups.problem}
            </Alert>
          ) : null}
          {backups.problem ? null : backups.latest.length === 0 ? (
            <Text size="sm" data-testid="support-backups-empty">
              {t('support.backups.none')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={300}>
              <Table verticalSpacing={6} fz="sm" data-testid="support-backups-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('support.backups.takenAt')}</Table.Th>
                    <Table.Th ta="right">{t('support.backups.size')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {backups.latest.map((b) => (
                    <Table.Tr key={b.name} data-testid="support-backup-row">
                      <Table.Td>
                        <Text size="sm" span title={format.dateTime(b.created_at, { dateStyle: 'full', timeStyle: 'long' })}>
                          {format.dateTime(b.created_at)}
                        </Text>
                        <Text size="sm" c="dimmed" span>
                          {' · '}
                          {format.relative(b.created_at)}
                        </Text>
                        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                          {b.name}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                        {bytes(b.size_bytes)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {backups.total > backups.latest.length ? (
            <Text size="xs" c="dimmed">
              {t('support.backups.more', { shown: backups.latest.length, total: backups.total })}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('support.backups.where')} <Code>{backups.directory}</Code>
          </Text>
          <Text size="xs" c="dimmed">
            {t('support.backups.restore')} <Code>npm run restore -- FILE</Code>
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="support-backups-postgres">
          {t('support.backups.postgres')}
        </Text>
      )}
    </Paper>
  );
}

/** The job queue's last runs per job (the scheduler fills them). */
function JobRunsSection({ runs }: { runs: NonNullable<Support['job_runs']> }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder p="xl" component="section" aria-labelledby="support-jobs-title" data-testid="support-jobs">
      <SectionTitle id="support-jobs-title" icon={<IconClockPlay size={20} />}>
        {t('support.jobs.title')}
      </SectionTitle>
      {runs.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="support-jobs-empty">
          {t('support.jobs.none')}
        </Text>
      ) : (
        runs.map((run) => (
          <StatusRow key={run.job} label={t(`scheduler.jobs.${run.job}.title`, { defaultValue: run.job })} testId="support-job">
            <Text size="sm" ta="right">
              {run.last_success_at ? t('support.jobs.lastSuccess', { time: format.relative(run.last_success_at) }) : t('support.jobs.neverSucceeded')}
              {run.last_status && run.last_status !== 'succeeded' ? (
                <Badge ml="xs" variant="light" color={run.last_status === 'failed' ? 'red' : 'gray'} tt="none">
                  {t(`runs.status.${run.last_status}`, { defaultValue: run.last_status })}
                </Badge>
              ) : null}
            </Text>
          </StatusRow>
        ))
      )}
    </Paper>
  );
}

/** How to get help, the running version, the database's health, the job queue's last runs and the backups. */
export function SupportPage() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const bytes = useBytes();
  const support = useSupport();
  const data = support.data;
  const healthy = data?.database.status === 'ok' && !support.isError;

  const diagnostics = [
    `Enamel ${data?.version ?? '?'} (Node.js ${data?.node_version ?? '?'})`,
    `database: ${data ? `${data.database.kind}, ${support.isError ? 'unavailable' : data.database.status}` : support.isError ? 'unavailable' : '…'}`,
    `locale: ${i18n.language}`,
    `time: ${new Date().toISOString()}`,
    `browser: ${navigator.userAgent}`,
  ].join('\n');

  const healthBadge = support.isPending ? (
    <Badge variant="light" color="gray">
      {t('support.status.checking')}
    </Badge>
  ) : healthy ? (
    <Badge variant="light" color="green" leftSection={<IconCircleCheck size={14} />}>
      {t('support.status.ok')}
    </Badge>
  ) : (
    <Badge variant="light" color="red" leftSection={<IconAlertTriangle size={14} />}>
      {t('support.status.down')}
    </Badge>
  );
  const value = (text: ReactNode, testId?: string) =>
    support.isPending ? (
      <Loader size="xs" />
    ) : (
      <Text size="sm" fw={600} ta="right" data-testid={testId}>
        {text}
      </Text>
    );

  return (
    <>
      <PageHeader title={t('routes.support')} description={t('support.description')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder p="xl" component="section" aria-labelledby="support-help-title" data-testid="support-help">
              <SectionTitle id="support-help-title" icon={<IconLifebuoy size={20} />}>
                {t('support.help.title')}
              </SectionTitle>
              <List type="ordered" spacing="sm">
                <List.Item>{t('support.help.step1')}</List.Item>
                <List.Item>{t('support.help.step2')}</List.Item>
                <List.Item>{t('support.help.step3')}</List.Item>
                <List.Item>{t('support.help.step4')}</List.Item>
              </List>
            </Paper>
            {data?.backups ? <BackupsSection backups={data.backups} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Paper withBorder p="xl" component="section" aria-labelledby="support-status-title">
              <SectionTitle id="support-status-title" icon={<IconHeartbeat size={20} />}>
                {t('support.status.title')}
              </SectionTitle>
              <StatusRow label={t('support.status.version')} testId="support-version">
                {support.isError && !data ? <Text size="sm">{t('support.status.unknown')}</Text> : value(<span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{data?.version}</span>)}
              </StatusRow>
              <StatusRow label={t('support.status.database')} testId="support-database">
                {data ? value(t(`support.status.kinds.${data.database.kind}`)) : value(t('support.status.unknown'))}
              </StatusRow>
              <StatusRow label={t('support.status.health')} testId="support-health">
                <Group gap={6} wrap="nowrap">
                  {healthy && data?.database.latency_ms != null ? (
                    <Text size="xs" c="dimmed">
                      {t('support.status.latency', { ms: format.number(data.database.latency_ms, { maximumFractionDigits: 1 }) })}
                    </Text>
                  ) : null}
                  {healthBadge}
                </Group>
              </StatusRow>
              {data?.database.size_bytes != null ? (
                <StatusRow label={t('support.status.size')} testId="support-database-size">
                  {value(bytes(data.database.size_bytes))}
                </StatusRow>
              ) : null}
              {data ? (
                <StatusRow label={t('support.status.runningSince')} testId="support-started">
                  {value(<span title={format.dateTime(data.started_at, { dateStyle: 'full', timeStyle: 'long' })}>{format.relative(data.started_at)}</span>)}
                </StatusRow>
              ) : null}
              {support.dataUpdatedAt > 0 ? (
                <Text size="xs" c="dimmed" mt="xs">
                  {t('support.status.checkedAt', { time: format.dateTime(support.dataUpdatedAt, { timeStyle: 'medium' }) })}
                </Text>
              ) : null}
            </Paper>
            {data?.job_runs ? <JobRunsSection runs={data.job_runs} /> : null}
            <Paper withBorder p="xl" component="section" aria-labelledby="support-diagnostics-title">
              <SectionTitle id="support-diagnostics-title" icon={<IconInfoCircle size={20} />}>
                {t('support.diagnostics.title')}
              </SectionTitle>
              <Text size="sm" c="dimmed" mb="md">
                {t('support.diagnostics.text')}
              </Text>
              <CopyButton value={diagnostics}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} data-testid="support-copy-diagnostics">
                    {copied ? t('support.diagnostics.copied') : t('support.diagnostics.copy')}
                  </Button>
                )}
              </CopyButton>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
