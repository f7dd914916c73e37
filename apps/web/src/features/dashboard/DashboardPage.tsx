import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { useAuthStore } from '../../core/auth.store.ts';
import { useFormat } from '../../core/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { WhenVisible } from '../../ui/WhenVisible.tsx';
import { useWidget, type DashboardView } from './dashboard.api.ts';
import { ForecastRunBar } from './ForecastRunBar.tsx';
import { CriticalItemsWidget, DaysToZeroWidget, LowStockWidget } from './widgets/StockWidgets.tsx';

// The charts (recharts) and the money widgets: their code, data and drawing wait until they are scrolled near, once
// the first row's lists have loaded (their skeletons keep the rest below the fold, and so do the lists, usually).
const ForecastChartWidget = lazy(() => import('./widgets/ForecastChartWidget.tsx').then((m) => ({ default: m.ForecastChartWidget })));
const MoneyWidgets = lazy(() => import('./widgets/MoneyWidgets.tsx').then((m) => ({ default: m.MoneyWidgets })));

function Later({ children, count = 1, settled }: { children: ReactNode; count?: number; settled: boolean }) {
  const fallback = Array.from({ length: count }, (_, i) => (
    <Card key={i} withBorder padding="lg">
      <Skeleton height={14} width="40%" mb="sm" />
      <Skeleton height={160} />
    </Card>
  ));
  return (
    <WhenVisible placeholder={fallback} settled={settled}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </WhenVisible>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /admin/dashboard: the selected practice as of its forecast date (or a date in the URL: a past one is a
 * back-test). The widgets read the ledger and the stored forecast run; money widgets need the right to read stock.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const user = useAuthStore((s) => s.user);
  const firstName = user.firstname || user.name.split(' ')[0] || '';
  const welcome = firstName ? t('dashboard.welcome', { name: firstName }) : t('dashboard.welcomeNoName');
  if (!ability.can('read', 'Dashboard'))
    return (
      <>
        <PageHeader title={t('routes.dashboard')} />
        <Text data-testid="dashboard-welcome">{welcome}</Text>
        <Text c="dimmed" size="sm" mt="xs" data-testid="dashboard-no-widgets">
          {t('dashboard.noPermission')}
        </Text>
      </>
    );
  return <PracticeRequired>{(practice) => <Dashboard key={practice.id} practiceId={practice.id} practiceName={practice.name} welcome={welcome} />}</PracticeRequired>;
}

function Dashboard({ practiceId, practiceName, welcome }: { practiceId: number; practiceName: string; welcome: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const ability = useAbility<AppAbility>();
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const view: DashboardView = { practiceId, date: asked && DAY.test(asked) ? asked : null };
  // Every widget answers the date it speaks of; the low-stock call (the cheapest) tells the header.
  const lowStock = useWidget('low-stock-data', view);
  // The first row (the critical items and the low stock lists): the widgets below wait for it (see Later).
  const critical = useWidget('upcoming-month-critical-items-data', view);
  const settled = !lowStock.isPending && !critical.isPending;
  const meta = lowStock.data?.meta;
  const backTest = meta ? meta.forecast_date < meta.today : false;
  const money = ability.can('read', 'Inventory');
  const setDate = (value: string) => {
    const next = new URLSearchParams(params);
    if (value && DAY.test(value) && value !== meta?.today) next.set('date', value);
    else next.delete('date');
    setParams(next);
  };

  return (
    <>
      <PageHeader
        title={t('routes.dashboard')}
        description={
          <span data-testid="dashboard-welcome">
            {welcome} · <span data-testid="dashboard-practice">{practiceName}</span>
          </span>
        }
        actions={
          <Group gap="xs" align="flex-end">
            <DateField
              label={t('dashboard.asOf')}
              value={meta?.forecast_date ?? view.date ?? ''}
              maxDate={meta?.today}
              onChange={setDate}
              size="sm"
              w={170}
              data-testid="dashboard-date"
            />
            {view.date ? (
              <Button variant="default" size="sm" onClick={() => setDate('')} data-testid="dashboard-today">
                {t('dashboard.today')}
              </Button>
            ) : null}
          </Group>
        }
      />
      {backTest && meta ? (
        <Group gap="xs" mb="sm">
          <Badge color="grape" variant="light" tt="none" size="lg" data-testid="dashboard-back-test">
            {t('dashboard.backTestBadge', { date: format.dateTime(`${meta.forecast_date}T12:00:00`, { dateStyle: 'medium' }) })}
          </Badge>
        </Group>
      ) : null}
      <ForecastRunBar practiceId={practiceId} meta={meta} loading={lowStock.isPending} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <CriticalItemsWidget view={view} />
          <LowStockWidget view={view} />
          <Later settled={settled}>
            <ForecastChartWidget view={view} kind="demand" />
          </Later>
          <DaysToZeroWidget view={view} />
          <Later settled={settled}>
            <ForecastChartWidget view={view} kind="procedure" />
          </Later>
          {money ? (
            <Later count={5} settled={settled}>
              <MoneyWidgets view={view} />
            </Later>
          ) : null}
        </SimpleGrid>
      </Stack>
    </>
  );
}
