import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../core/format.ts';
import { useQuantityWithUnit, useUnitLabel } from '../../../ui/units.ts';
import { useWidget, type DashboardView } from '../dashboard.api.ts';
import { WidgetCard } from '../WidgetCard.tsx';
import { WIDGET_ROWS as ROWS, WidgetTable } from '../WidgetTable.tsx';
import { ProductLink, useItemColumns } from './itemColumns.tsx';

const LOW_STOCK_FILTER = encodeURIComponent(JSON.stringify([{ field: 'stock_status', condition: 'equal', value: 'low' }]));

/** Products at or below their reorder point, with what to order up to par. */
export function LowStockWidget({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const column = useItemColumns();
  const query = useWidget('low-stock-data', view);
  const unit = useUnitLabel();
  const format = useFormat();
  const items = query.data?.data.items ?? [];
  return (
    <WidgetCard
      name="low-stock"
      skeleton="table"
      title={t('dashboard.lowStock.title')}
      subtitle={query.data ? t('dashboard.lowStock.subtitle', { count: items.length }) : null}
      link={{ to: `/admin/list/inventories?filters=${LOW_STOCK_FILTER}`, label: t('dashboard.lowStock.link') }}
      query={query}
      empty={items.length === 0 ? t('dashboard.lowStock.empty') : null}
    >
      <WidgetTable
        rows={items}
        rowKey={(item) => item.inventory_id}
        columns={[
          ...column.lead,
          { title: t('dashboard.columns.reorderPoint'), numeric: true, cell: (item) => format.number(Number(item.reorder_point)) },
          {
            title: t('dashboard.columns.toOrder'),
            numeric: true,
            strong: true,
            cell: (item) => (item.order_purchase_units > 0 ? `${format.number(item.order_purchase_units)}\u00a0${unit(item.purchase_unit, item.order_purchase_units)}` : '—'),
          },
        ]}
      />
      {items.length > ROWS ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t('dashboard.andMore', { count: items.length - ROWS })}
        </Text>
      ) : null}
    </WidgetCard>
  );
}

/** The next 30 days: what will run short at the practice's service level, and the lots about to expire. */
export function CriticalItemsWidget({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const column = useItemColumns();
  const query = useWidget('upcoming-month-critical-items-data', view);
  const quantity = useQuantityWithUnit();
  const format = useFormat();
  const data = query.data?.data;
  const hasRun = Boolean(query.data?.meta.run);
  const short = data?.short ?? [];
  const expiring = data?.expiring ?? [];
  const day = (iso: string) => format.dateTime(`${iso}T12:00:00`, { dateStyle: 'medium' });
  return (
    <WidgetCard
      name="critical-items"
      skeleton="table"
      title={t('dashboard.critical.title')}
      subtitle={data ? t('dashboard.critical.subtitle', { days: data.days, level: format.number(data.service_level, { style: 'percent', maximumFractionDigits: 1 }) }) : null}
      query={query}
      empty={short.length === 0 && expiring.length === 0 ? (hasRun ? t('dashboard.critical.empty') : t('dashboard.critical.emptyNoRun')) : null}
    >
      <Stack gap="md">
        {short.length > 0 ? (
          <div>
            <Title order={3} fz="sm" fw={600} mb={4}>
              {t('dashboard.critical.short')}
            </Title>
            <WidgetTable
              rows={short}
              rowKey={(item) => item.product_id}
              columns={[
                ...column.lead,
                { title: t('dashboard.columns.demand', { days: data?.days }), numeric: true, cell: (item) => format.number(item.demand, { maximumFractionDigits: 1 }) },
                {
                  title: t('dashboard.columns.shortfall'),
                  numeric: true,
                  cell: (item) => (
                    <Text span size="sm" fw={600} c="red.8">
                      {quantity(Math.ceil(item.shortfall), item.usage_unit)}
                    </Text>
                  ),
                },
              ]}
            />
          </div>
        ) : hasRun ? null : (
          <Text size="sm" c="dimmed">
            {t('dashboard.critical.emptyNoRun')}
          </Text>
        )}
        {expiring.length > 0 ? (
          <div>
            <Title order={3} fz="sm" fw={600} mb={4}>
              {t('dashboard.critical.expiring')}
            </Title>
            <Stack gap={4}>
              {expiring.slice(0, ROWS).map((lot) => (
                <Group key={lot.lot_id} justify="space-between" gap="xs" wrap="nowrap" data-testid="widget-expiring-lot">
                  <Text size="sm" style={{ minWidth: 0, flex: 1 }}>
                    <ProductLink name={lot.name} inventoryId={lot.inventory_id} />
                    {lot.lot_number ? (
                      <Text span size="xs" c="dimmed">
                        {` · ${t('dashboard.critical.lot', { lot: lot.lot_number })}`}
                      </Text>
                    ) : null}
                  </Text>
                  <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {quantity(lot.quantity, lot.usage_unit)}
                    </Text>
                    <Badge variant="light" color="orange" tt="none" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                      {day(lot.expiry_date)}
                    </Badge>
                  </Group>
                </Group>
              ))}
            </Stack>
          </div>
        ) : null}
      </Stack>
    </WidgetCard>
  );
}

/** Urgency of a days-to-zero figure against the lead time: before an order could arrive is red. */
export function urgency(days: number | null, leadTimeDays: number): 'red' | 'orange' | 'green' {
  if (days === null) return 'green';
  if (days <= leadTimeDays) return 'red';
  if (days <= leadTimeDays + 14) return 'orange';
  return 'green';
}

/** Expected days until each product's stock reaches zero, soonest first, with the low/high band. */
export function DaysToZeroWidget({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const column = useItemColumns();
  const query = useWidget('day-to-zero-data', view);
  const format = useFormat();
  const data = query.data?.data;
  const items = data?.items ?? [];
  const days = (value: number | null) => (value === null ? t('dashboard.daysToZero.never') : t('dashboard.daysToZero.days', { count: Math.round(value), formatted: format.number(Math.round(value)) }));
  return (
    <WidgetCard
      name="days-to-zero"
      title={t('dashboard.daysToZero.title')}
      subtitle={data ? t('dashboard.daysToZero.subtitle', { count: data.lead_time_days }) : null}
      query={query}
      empty={items.length === 0 ? (query.data?.meta.run ? t('dashboard.daysToZero.empty') : t('dashboard.noRun')) : null}
    >
      <WidgetTable
        rows={items}
        rowKey={(item) => item.product_id}
        columns={[
          ...column.lead,
          {
            title: t('dashboard.columns.daysToZero'),
            numeric: true,
            cell: (item) => (
              <Badge variant="light" color={urgency(item.days, data!.lead_time_days)} tt="none" data-testid="days-to-zero-badge">
                {days(item.days)}
              </Badge>
            ),
          },
          {
            title: t('dashboard.columns.range'),
            numeric: true,
            cell: (item) => (
              <Text span size="xs" c="dimmed">
                {item.low === null && item.high === null ? '—' : `${item.low === null ? '∞' : format.number(Math.round(item.low))}–${item.high === null ? '∞' : format.number(Math.round(item.high))}`}
              </Text>
            ),
          },
        ]}
      />
    </WidgetCard>
  );
}
