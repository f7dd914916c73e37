import { Badge, Button, CopyButton, Grid, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy, IconHeartbeat, IconInfoCircle, IconLifebuoy, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../core/format.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useHealth, useVersion } from './support.api.ts';

function StatusRow({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Group justify="space-between" py={6} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** How to get help, the running version and whether the service is healthy. */
export function SupportPage() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const version = useVersion();
  const health = useHealth();
  const healthy = health.data === 'ok';

  const diagnostics = [
    `Enamel ${version.data ?? '?'}`,
    `status: ${health.isPending ? '…' : healthy ? 'ok' : 'unavailable'}`,
    `locale: ${i18n.language}`,
    `time: ${new Date().toISOString()}`,
    `browser: ${navigator.userAgent}`,
  ].join('\n');

  return (
    <>
      <PageHeader title={t('routes.support')} description={t('support.description')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="xl" component="section" aria-labelledby="support-help-title" data-testid="support-help">
            <Group gap="sm" mb="md">
              <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                <IconLifebuoy size={20} />
              </ThemeIcon>
              <Title order={2} fz="lg" id="support-help-title">
                {t('support.help.title')}
              </Title>
            </Group>
            <List type="ordered" spacing="sm">
              <List.Item>{t('support.help.step1')}</List.Item>
              <List.Item>{t('support.help.step2')}</List.Item>
              <List.Item>{t('support.help.step3')}</List.Item>
              <List.Item>{t('support.help.step4')}</List.Item>
            </List>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Paper withBorder p="xl" component="section" aria-labelledby="support-status-title">
              <Group gap="sm" mb="sm">
                <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                  <IconHeartbeat size={20} />
                </ThemeIcon>
                <Title order={2} fz="lg" id="support-status-title">
                  {t('support.status.title')}
                </Title>
              </Group>
              <StatusRow label={t('support.status.version')} testId="support-version">
                {version.isPending ? (
                  <Loader size="xs" />
                ) : version.isError ? (
                  <Text size="sm">{t('support.status.unknown')}</Text>
                ) : (
                  <Text size="sm" fw={600} ff="monospace">
                    {version.data}
                  </Text>
                )}
              </StatusRow>
              <StatusRow label={t('support.status.health')} testId="support-health">
                {health.isPending ? (
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
                )}
              </StatusRow>
              {health.dataUpdatedAt > 0 ? (
                <Text size="xs" c="dimmed" mt="xs">
                  {t('support.status.checkedAt', { time: format.dateTime(health.dataUpdatedAt, { timeStyle: 'medium' }) })}
                </Text>
              ) : null}
            </Paper>
            <Paper withBorder p="xl" component="section" aria-labelledby="support-diagnostics-title">
              <Group gap="sm" mb="xs">
                <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                  <IconInfoCircle size={20} />
                </ThemeIcon>
                <Title order={2} fz="lg" id="support-diagnostics-title">
                  {t('support.diagnostics.title')}
                </Title>
              </Group>
              <Text size="sm" c="dimmed" mb="md">
                {t('support.diagnostics.text')}
              </Text>
              <CopyButton value={diagnostics}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    data-testid="support-copy-diagnostics"
                  >
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
