import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../core/format.ts';
import { useQuantityWithUnit } from '../../../ui/units.ts';
import { MOST_USED_PERIODS, type DashboardWidget } from '@enamel/contracts';
import { useSearchParams } from 'react-router';
import { SegmentedField } from '../../../ui/SegmentedField.tsx';
import { mostUsedPeriodOf, useMostUsedItems, useWidget, type DashboardView, type WidgetAnswer } from '../dashboard.api.ts';
import { WidgetCard } from '../WidgetCard.tsx';
import { WIDGET_ROWS as ROWS, WidgetTable } from '../WidgetTable.tsx';
import { useItemColumns } from './itemColumns.tsx';

const CATEGORY_COLORS = ['teal.7', 'blue.7', 'grape.7', 'orange.7', 'cyan.7', 'pink.7', 'gray.6'];

/** "2026-05" as the interface language writes a short month ("May 26", "mai 26"). */
function useMonth() {
  const format = useFormat();
  return (month: string) => format.dateTime(`${month}-15T12:00:00`, { month: 'short', year: '2-digit' });
}

/** Money on a chart's axis: short ("£16K", "16 k€"). */
function useCompactMoney(currency: string) {
  const format = useFormat();
  return (value: number) => format.number(value, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
}

/** A money widget's answer and its currency, with money as text and on a chart's axis. */
function useMoneyWidget<W extends DashboardWidget>(widget: W, view: DashboardView) {
  return useMoneyOf<W, ReturnType<typeof useWidget<W>>>(useWidget(widget, view));
}

function useMoneyOf<W extends DashboardWidget, Q extends { data?: WidgetAnswer<W> | undefined }>(query: Q) {
  const format = useFormat();
  const currency = query.data?.meta.currency ?? 'USD';
  const axis = useCompactMoney(currency);
  return { query, data: query.data?.data, money: (value: number | string) => format.money(value, currency), axis };
}

/** The products consumed most in the chosen days (30, 90 or 365; kept in the URL) before the date, by what they cost. */
export function MostUsedWidget({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const period = mostUsedPeriodOf(params.get('most_used_days'));
  const { query, data, money } = useMoneyOf<'most-frequently-used-items', ReturnType<typeof useMostUsedItems>>(useMostUsedItems(view, period));
  const choose = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('most_used_days', value);
    setParams(next, { replace: true });
  };
  const quantity = useQuantityWithUnit();
  const items = (data?.items ?? []).slice(0, ROWS);
  const top = Math.max(...items.map((i) => Number(i.cost)), 0);
  return (
    <WidgetCard
      name="most-used"
      title={t('dashboard.mostUsed.title')}
      subtitle={data ? t('dashboard.mostUsed.subtitle', { count: data.days }) : null}
      link={{ to: '/admin/list/inventories', label: t('dashboard.mostUsed.link') }}
      controls={
        <SegmentedField
          label={t('dashboard.mostUsed.period')}
          size="xs"
          value={String(period)}
          onChange={choose}
          data={MOST_USED_PERIODS.map((p) => ({ value: String(p), label: t('dashboard.mostUsed.days', { count: p }) }))}
          data-testid="most-used-period"
        />
      }
      query={query}
      empty={items.length === 0 ? t('dashboard.mostUsed.empty') : null}
    >
      <Stack gap={8}>
        {items.map((item) => (
          <div key={item.product_id} data-testid="widget-row">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate title={item.name}>
                {item.name}
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {money(item.cost)}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Progress value={top > 0 ? (Number(item.cost) / top) * 100 : 0} size="sm" style={{ flex: 1 }} aria-hidden />
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {quantity(item.quantity, item.usage_unit)}
              </Text>
            </Group>
          </div>
        ))}
      </Stack>
    </WidgetCard>
  );
}

/** Stock not used for the practice's dead-stock days, and the money it ties up. */
export function DeadStockWidget({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const column = useItemColumns();
  const { query, data, money } = useMoneyWidget('dead-stock-data', view);
  const format = useFormat();
  const items = data?.items ?? [];
  return (
    <WidgetCard
      name="dead-stock"
      title={t('dashboard.deadStock.title')}
      subtitle={data ? t('dashboard.deadStock.subtitle', { count: data.days }) : null}
      query={query}
      empty={items.length === 0 ? t('dashboard.deadStock.empty', { count: data?.days ?? 90 }) : null}
    >
      <Text size="sm" mb="xs">
        {t('dashboard.deadStock.tiedUp')}{' '}
        <Text span fw={700} fz="lg" data-testid="dead-stock-total">
          {money(data?.total_value ?? '0')}
        </Text>
      </Text>
      <WidgetTable
        rows={items}
        rowKey={(item) => item.product_id}
        columns={[
          ...column.lead,
          { title: t('dashboard.columns.value'), numeric: true, cell: (item) => money(item.value) },
          { title: t('dashboard.columns.lastUsed'), numeric: true, cell: (item) => (item.last_used ? format.dateTime(`${item.last_used}T12:00:00`, { dateStyle: 'medium' }) : t('dashboard.deadStock.never')) },
        ]}
      />
    </WidgetCard>
  );
}

/** Stock value at the date by category, and at each of the last twelve month ends. */
export function InventoryValueWidget({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const { query, data, money, axis } = useMoneyWidget('inventory-value-data', view);
  const month = useMonth();
  const categories = [...(data?.by_category ?? [])].sort((a, b) => Number(b.value) - Number(a.value));
  const shown = categories.slice(0, CATEGORY_COLORS.length - 1);
  const rest = categories.slice(CATEGORY_COLORS.length - 1).reduce((sum, c) => sum + Number(c.value), 0);
  const donut = [
    ...shown.map((c, i) => ({ name: c.category ?? t('dashboard.inventoryValue.uncategorised'), value: Number(c.value), color: CATEGORY_COLORS[i]! })),
    ...(rest > 0 ? [{ name: t('dashboard.inventoryValue.other'), value: rest, color: CATEGORY_COLORS.at(-1)! }] : []),
  ];
  const trend = (data?.month_end ?? []).map((m) => ({ month: month(m.month), value: Number(m.value) }));
  return (
    <WidgetCard
      name="inventory-value"
      title={t('dashboard.inventoryValue.title')}
      subtitle={t('dashboard.inventoryValue.subtitle')}
      link={{ to: '/admin/list/inventories', label: t('dashboard.inventoryValue.link') }}
      query={query}
      empty={data && Number(data.total) === 0 && trend.every((m) => m.value === 0) ? t('dashboard.inventoryValue.empty') : null}
    >
      <Text fw={700} fz={26} data-testid="inventory-value-total">
        {money(data?.total ?? '0')}
      </Text>
      <Stack gap="md" mt="xs">
        <Group gap="lg" wrap="nowrap" align="center">
          {/* The legend beside it says the same in words: the donut is a picture, out of the tab order and the reading order. */}
          <div inert>
            <DonutChart data={donut} size={120} thickness={22} withTooltip={false} />
          </div>
          <Stack gap={2} style={{ minWidth: 0 }}>
            {donut.map((c) => (
              <Group key={c.name} gap={6} wrap="nowrap">
                <Text size="xs" c={c.color} aria-hidden>
                  ●
                </Text>
                <Text size="xs" truncate title={c.name} style={{ flex: 1 }}>
                  {c.name}
                </Text>
                <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {money(c.value)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
        <figure style={{ margin: 0 }} aria-label={t('dashboard.inventoryValue.trend')}>
          <LineChart h={150} data={trend} dataKey="month" series={[{ name: 'value', label: t('dashboard.inventoryValue.monthEnd'), color: 'teal.7' }]} valueFormatter={money} withDots={false} yAxisProps={{ width: 76, tickFormatter: axis }} curveType="monotone" />
        </figure>
      </Stack>
    </WidgetCard>
  );
}

/** Consumable cost per month, and the average cost of each procedure code's consumables. */
export function ConsumableCostWidget({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const { query, data, money, axis } = useMoneyWidget('cost-of-consumable-inventory', view);
  const format = useFormat();
  const month = useMonth();
  const months = (data?.by_month ?? []).map((m) => ({ month: month(m.month), cost: Number(m.cost) }));
  const codes = [...(data?.per_procedure_code ?? [])].sort((a, b) => Number(b.total_cost) - Number(a.total_cost)).slice(0, 5);
  return (
    <WidgetCard
      name="consumable-cost"
      title={t('dashboard.consumableCost.title')}
      subtitle={t('dashboard.consumableCost.subtitle')}
      link={{ to: '/admin/list/procedures', label: t('dashboard.consumableCost.link') }}
      query={query}
      empty={months.every((m) => m.cost === 0) ? t('dashboard.consumableCost.empty') : null}
    >
      <figure style={{ margin: 0 }} aria-label={t('dashboard.consumableCost.chart')}>
        <BarChart h={160} data={months} dataKey="month" series={[{ name: 'cost', label: t('dashboard.consumableCost.cost'), color: 'blue.7' }]} valueFormatter={money} yAxisProps={{ width: 76, tickFormatter: axis }} />
      </figure>
      <WidgetTable
        fit
        rows={codes}
        rowKey={(code) => code.procedure_code_id}
        columns={[
          {
            title: t('dashboard.columns.procedureCode'),
            w: '55%',
            cell: (code) => (
              <Text size="sm" truncate title={`${code.code} · ${code.name}`}>
                {`${code.code} · ${code.name}`}
              </Text>
            ),
          },
          { title: t('dashboard.columns.procedures'), numeric: true, cell: (code) => format.number(code.procedures) },
          { title: t('dashboard.columns.averageCost'), numeric: true, cell: (code) => money(code.average_cost) },
        ]}
      />
    </WidgetCard>
  );
}

/**
 * This month's supply spend against the budget: received and committed (sent, not received) in the practice's
 * currency, what is on order in other currencies beside it (never added), the last twelve months received against
 * the budget line, and this month's stock-out days.
 */
export function SupplySpendWidget({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { query, data, money, axis } = useMoneyWidget('supply-spend-data', view);
  const month = useMonth();
  const received = Number(data?.received ?? 0);
  const committed = Number(data?.committed ?? 0);
  const budget = data?.budget == null ? null : Number(data.budget);
  const remaining = data?.remaining == null ? null : Number(data.remaining);
  // The bar is the budget (or the spend, when over it or without a budget).
  const scale = Math.max(budget ?? 0, received + committed, 1);
  const months = (data?.months ?? []).map((m) => ({ month: month(m.month), received: Number(m.received) }));
  const stockOuts = data?.stock_outs ?? { days: 0, products: 0 };
  return (
    <WidgetCard
      name="supply-spend"
      title={t('dashboard.supplySpend.title')}
      subtitle={data ? t('dashboard.supplySpend.subtitle', { month: month(data.month) }) : null}
      link={{ to: '/admin/reports/genrate?report=stock-outs', label: t('dashboard.supplySpend.link') }}
      query={query}
      empty={null}
    >
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Text fw={700} fz={26} data-testid="supply-spend-total">
            {money(received + committed)}
          </Text>
          <Text size="sm" c="dimmed" data-testid="supply-spend-budget">
            {budget === null ? t('dashboard.supplySpend.noBudget') : t('dashboard.supplySpend.ofBudget', { budget: money(budget) })}
          </Text>
        </div>
        {remaining === null ? null : (
          <Text size="sm" fw={600} c={remaining < 0 ? 'red.8' : 'teal.8'} data-testid="supply-spend-remaining">
            {remaining < 0 ? t('dashboard.supplySpend.over', { amount: money(-remaining) }) : t('dashboard.supplySpend.left', { amount: money(remaining) })}
          </Text>
        )}
      </Group>
      <Progress.Root size="lg" mt="xs" aria-hidden>
        <Progress.Section value={(received / scale) * 100} color="teal.7" />
        <Progress.Section value={(committed / scale) * 100} color="yellow.6" />
      </Progress.Root>
      <Group gap="lg" mt={6}>
        <Text size="xs">
          <Text span c="teal.7" aria-hidden>
            ●{' '}
          </Text>
          {t('dashboard.supplySpend.received')}: <b data-testid="supply-spend-received">{money(received)}</b>
        </Text>
        <Text size="xs">
          <Text span c="yellow.8" aria-hidden>
            ●{' '}
          </Text>
          {t('dashboard.supplySpend.committed')}: <b data-testid="supply-spend-committed">{money(committed)}</b>
        </Text>
      </Group>
      {(data?.committed_other ?? []).length > 0 ? (
        <Text size="xs" c="dimmed" mt={4} data-testid="supply-spend-other">
          {t('dashboard.supplySpend.otherCurrencies', { amounts: data!.committed_other.map((c) => format.money(c.committed, c.currency)).join(', ') })}
        </Text>
      ) : null}
      <Text size="sm" mt="sm" data-testid="supply-spend-stock-outs">
        {t('dashboard.supplySpend.stockOuts', { count: stockOuts.days, products: stockOuts.products })}
      </Text>
      <figure style={{ margin: 0 }} aria-label={t('dashboard.supplySpend.chart')}>
        <BarChart
          h={150}
          mt="sm"
          data={months}
          dataKey="month"
          series={[{ name: 'received', label: t('dashboard.supplySpend.received'), color: 'teal.7' }]}
          valueFormatter={money}
          yAxisProps={{ width: 76, tickFormatter: axis, domain: [0, (max: number) => Math.max(max, budget ?? 0)] }}
          referenceLines={budget === null ? [] : [{ y: budget, label: t('dashboard.supplySpend.budget'), color: 'red.7' }]}
        />
      </figure>
    </WidgetCard>
  );
}

/** The widgets that show money (they need the right to read the practice's stock value). */
export function MoneyWidgets({ view }: { view: DashboardView }) {
  return (
    <>
      <MostUsedWidget view={view} />
      <InventoryValueWidget view={view} />
      <ConsumableCostWidget view={view} />
      <DeadStockWidget view={view} />
      <SupplySpendWidget view={view} />
    </>
  );
}
