import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORT_EXPORT_KEEP_DAYS, type ReportExport } from '@enamel/contracts';
import { ExportProgress } from './ExportProgress.tsx';

/** The exports asked for on this screen that are prepared in the background: each one's progress, then its download. */
export function BackgroundExports({ exports }: { exports: ReportExport[] }) {
  const { t } = useTranslation();
  if (exports.length === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="background-exports-title" data-testid="background-exports">
      <Stack gap={4} mb="sm">
        <Title order={2} fz="md" id="background-exports-title">
          {t('reports.background.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reports.background.text', { count: REPORT_EXPORT_KEEP_DAYS })}{' '}
          <Anchor component={Link} to="/admin/list/reports" size="sm" underline="always" data-testid="background-exports-recent">
            {t('reports.background.recentLink')}
          </Anchor>
        </Text>
      </Stack>
      <Stack gap="sm">
        {exports.map((row) => (
          <Group key={row.id} justify="space-between" wrap="nowrap" data-testid="background-export" data-export-id={row.id}>
            <Text size="sm" fw={500}>
              {t(`reports.names.${row.report}`)} · {row.format.toUpperCase()}
            </Text>
            <ExportProgress row={row} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
