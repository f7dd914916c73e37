import { Card, SimpleGrid, Text, ThemeIcon, Group } from '@mantine/core';
import { IconAlarm, IconArchive, IconArrowsExchange, IconBoxOff, IconClipboardCheck, IconCoins, IconReceipt, IconShoppingCart, IconTarget, IconTrendingDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORT_IDS, type ReportId } from '@enamel/contracts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RecentExports } from './RecentExports.tsx';
import { generateUrl } from './reports.api.ts';

const ICONS: Record<ReportId, ReactNode> = {
  'inventory-valuation': <IconCoins size={22} stroke={1.6} />,
  'stock-movements': <IconArrowsExchange size={22} stroke={1.6} />,
  'consumption-by-product': <IconTrendingDown size={22} stroke={1.6} />,
  'consumable-cost-per-code': <IconReceipt size={22} stroke={1.6} />,
  'expiring-lots': <IconAlarm size={22} stroke={1.6} />,
  'reorder-list': <IconShoppingCart size={22} stroke={1.6} />,
  'dead-stock': <IconArchive size={22} stroke={1.6} />,
  'forecast-vs-actual': <IconTarget size={22} stroke={1.6} />,
  'stock-outs': <IconBoxOff size={22} stroke={1.6} />,
  'stock-take-accuracy': <IconClipboardCheck size={22} stroke={1.6} />,
};

/** /admin/list/reports: the reports there are, each opening the Generate screen on it, and the reader's recent exports. */
export function ReportsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.reports')} description={t('reports.subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {REPORT_IDS.map((id) => (
          <Card key={id} withBorder padding="lg" component={Link} to={generateUrl(id)} data-testid={`report-card-${id}`} style={{ textDecoration: 'none' }}>
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                {ICONS[id]}
              </ThemeIcon>
              <div>
                <Text fw={600}>{t(`reports.names.${id}`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`reports.descriptions.${id}`)}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <RecentExports />
    </>
  );
}
