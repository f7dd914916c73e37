import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useAbility } from '@casl/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconArrowsExchange, IconFileInvoice, IconHelpCircle, IconReplace } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderSuggestionListContract } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { toAppError } from '../../core/errors.ts';
import { formatMoney } from '../../core/format.ts';
import { notifyError, notifySuccess } from '../../core/notify.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { SectionTitle } from '../../ui/SectionTitle.tsx';
import { TwoLines } from '../../ui/TwoLines.tsx';
import { useQuantity, useUnitLabel } from '../../ui/units.ts';
import { useDay } from '../inventory/index.ts';
import { ReasoningModal } from './ReasoningModal.tsx';
import {
  acceptTransfer, createDraftPurchaseOrders, fetchExpiryWaste, fetchReplacedStock, fetchTransferSuggestions, type CreatedPurchaseOrder, type OrderSuggestionRow, type ReplacedStock,
  type TransferSuggestion,
} from './replenishment.api.ts';

const WASTE_DAYS = 90;

/** /admin/order-suggestions: what the selected practice should order as of its forecast date, transfers first. */
export function OrderSuggestionsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.orderSuggestions')} description={t('replenishment.subtitle')} />
      <PracticeRequired>{(practice) => <OrderSuggestions practiceId={practice.id} />}</PracticeRequired>
    </>
  );
}

function useMoneyOf() {
  const { i18n } = useTranslation();
  return (value: string, currency: string) => formatMoney(i18n.language, value, currency);
}

function OrderSuggestions({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const queryClient = useQueryClient();
  const money = useMoneyOf();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  const day = useDay();
  const [selected, setSelected] = useState<OrderSuggestionRow[]>([]);
  const [reasoning, setReasoning] = useState<OrderSuggestionRow | null>(null);
  const [transfer, setTransfer] = useState<TransferSuggestion | null>(null);
  const [created, setCreated] = useState<CreatedPurchaseOrder[] | null>(null);
  const [creating, setCreating] = useState(false);
  const canTransfer = ability.can('update', 'Inventory');
  const canOrder = ability.can('create', 'PurchaseOrder');

  const waste = useQuery({ queryKey: ['replenishment', 'expiry-waste', practiceId], queryFn: () => fetchExpiryWaste(practiceId, WASTE_DAYS) });
  const transfers = useQuery({ queryKey: ['replenishment', 'transfers', practiceId], queryFn: () => fetchTransferSuggestions(practiceId) });
  const replaced = useQuery({ queryKey: ['replenishment', 'replaced-stock', practiceId], queryFn: () => fetchReplacedStock(practiceId) });
  const transferable = useMemo(() => new Set((transfers.data?.data ?? []).map((s) => s.product_id)), [transfers.data]);

  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ['list'] }), queryClient.invalidateQueries({ queryKey: ['replenishment'] })]);

  async function makeTransfer(s: TransferSuggestion) {
    try {
      await acceptTransfer({ from_practice_id: s.from_practice_id, to_practice_id: practiceId, product_id: s.product_id, quantity: s.quantity });
      notifySuccess(t('replenishment.transferred'));
      await refresh();
    } catch (error) {
      notifyError(toAppError(error, t).message);
    }
  }

  async function createOrders() {
    if (creating || selected.length === 0) return;
    setCreating(true);
    try {
      const orders = await createDraftPurchaseOrders(practiceId, selected);
      setCreated(orders);
      notifySuccess(t('replenishment.ordersCreated', { count: orders.length }));
      await refresh();
    } catch (error) {
      notifyError(toAppError(error, t).message);
    } finally {
      setCreating(false);
    }
  }

  const columns: DataTableColumn<OrderSuggestionRow>[] = [
    {
      field: 'product_name',
      title: t('replenishment.fields.product'),
      isUnique: true,
      minWidth: 220,
      cellRenderer: (row) => (
        <Group gap={6} wrap="nowrap">
          <TwoLines primary={row.product_name} secondary={row.sku} />
          {transferable.has(row.product_id) ? (
            <Tooltip label={t('replenishment.transferCovers')}>
              <Badge size="xs" variant="light" color="teal" style={{ flex: 'none' }} data-testid="suggestion-transferable">
                {t('replenishment.transferBadge')}
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
    { field: 'sku', title: t('products.fields.sku'), hide: true },
    {
      field: 'supplier_name',
      title: t('replenishment.fields.supplier'),
      minWidth: 160,
      cellRenderer: (row) => (row.supplier_name ? <TwoLines primary={row.supplier_name} secondary={row.supplier_sku} /> : <Text size="sm" c="dimmed">{t('replenishment.noSupplier')}</Text>),
    },
    { field: 'on_hand', title: t('replenishment.fields.onHand'), width: 110, cellRenderer: (row) => quantity(row.on_hand) },
    {
      field: 'on_order',
      title: t('replenishment.fields.onOrder'),
      width: 130,
      cellRenderer: (row) => <TwoLines primary={quantity(row.on_order)} secondary={t('replenishment.onOrderSplit', { draft: quantity(row.on_order_in_draft), sent: quantity(row.on_order_sent) })} />,
    },
    { field: 'reorder_point', title: t('replenishment.fields.reorderPoint'), width: 120, cellRenderer: (row) => quantity(row.reorder_point) },
    {
      field: 'order_up_to',
      title: t('replenishment.fields.orderUpTo'),
      width: 130,
      cellRenderer: (row) => <TwoLines primary={quantity(row.order_up_to)} secondary={t(`replenishment.levelSources.${row.level_source}`)} />,
    },
    {
      field: 'order_packs',
      title: t('replenishment.fields.toOrder'),
      minWidth: 150,
      cellRenderer: (row) => (
        <TwoLines primary={`${row.order_packs}\u00a0${unitLabel(row.purchase_unit, row.order_packs)}`} secondary={`${quantity(row.order_units)}\u00a0${unitLabel(row.usage_unit, row.order_units)}`} />
      ),
    },
    { field: 'unit_price', title: t('replenishment.fields.unitPrice'), width: 120, cellRenderer: (row) => money(row.unit_price, row.currency) },
    { field: 'line_total', title: t('replenishment.fields.lineTotal'), width: 130, cellRenderer: (row) => money(row.line_total, row.currency) },
    { field: 'order_by_date', title: t('replenishment.fields.orderBy'), width: 130, cellRenderer: (row) => day(row.order_by_date) },
    { field: 'stock_out_date', title: t('replenishment.fields.stockOut'), width: 130, cellRenderer: (row) => (row.stock_out_date ? day(row.stock_out_date) : '—') },
    { field: 'lead_time_days', title: t('replenishment.fields.leadTime'), width: 110, cellRenderer: (row) => t('replenishment.days', { count: row.lead_time_days }) },
    { field: 'brand_name', title: t('products.fields.brand'), hide: true },
    { field: 'category_name', title: t('products.fields.category'), hide: true },
  ];

  const wasteData = waste.data;
  return (
    <Stack gap="lg">
      {wasteData && Number(wasteData.total_value) > 0 ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="expiry-waste-banner" title={t('replenishment.wasteTitle')}>
          {t('replenishment.wasteBanner', { value: money(wasteData.total_value, wasteData.currency), days: wasteData.days, count: wasteData.total_lots })}
        </Alert>
      ) : null}

      {replaced.data && replaced.data.products.length > 0 ? <ReplacedStockNotice data={replaced.data} /> : null}

      {transfers.data && transfers.data.data.length > 0 ? (
        <Paper withBorder radius="lg" p="md" data-testid="transfers-first" aria-labelledby="transfers-first-title">
          <Stack gap="sm">
            <SectionTitle id="transfers-first-title" title={t('replenishment.transfersTitle')} text={t('replenishment.transfersText')} fz="md" />
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('replenishment.fields.product')}</Table.Th>
                    <Table.Th>{t('replenishment.fields.fromPractice')}</Table.Th>
                    <Table.Th>{t('replenishment.fields.need')}</Table.Th>
                    <Table.Th>{t('replenishment.fields.surplus')}</Table.Th>
                    <Table.Th>{t('replenishment.fields.transferQuantity')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {transfers.data.data.map((s) => (
                    <Table.Tr key={`${s.product_id}-${s.from_practice_id}`} data-testid="transfer-suggestion">
                      <Table.Td>
                        <TwoLines primary={s.product_name} secondary={s.sku} />
                      </Table.Td>
                      <Table.Td>{s.from_practice_name}</Table.Td>
                      <Table.Td>{`${quantity(s.need)}\u00a0${unitLabel(s.usage_unit, s.need)}`}</Table.Td>
                      <Table.Td>
                        {/* What can be spared, in whole units: a transfer moves whole units. */}
                        <TwoLines primary={`${quantity(Math.floor(Number(s.surplus) + 1e-9))}\u00a0${unitLabel(s.usage_unit, Math.floor(Number(s.surplus) + 1e-9))}`} secondary={Number(s.from_expected_waste) > 0 ? t('replenishment.wouldExpire', { quantity: quantity(s.from_expected_waste) }) : null} />
                      </Table.Td>
                      <Table.Td>{`${quantity(s.quantity)}\u00a0${unitLabel(s.usage_unit, s.quantity)}`}</Table.Td>
                      <Table.Td>
                        {canTransfer ? (
                          <Button size="xs" variant="light" leftSection={<IconArrowsExchange size={14} />} onClick={() => setTransfer(s)} data-testid="transfer-accept">
                            {t('replenishment.transfer')}
                          </Button>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      ) : null}

      {created && created.length > 0 ? (
        <Alert color="green" data-testid="created-orders" withCloseButton closeButtonLabel={t('replenishment.dismiss')} onClose={() => setCreated(null)} title={t('replenishment.ordersCreated', { count: created.length })}>
          <Group gap="sm">
            {created.map((o) => (
              <Anchor key={o.id} component={Link} to={`/admin/purchase-orders/${o.id}`}>
                {o.number}
              </Anchor>
            ))}
          </Group>
        </Alert>
      ) : null}

      <DataTable<OrderSuggestionRow>
        tableId="order-suggestions"
        list={orderSuggestionListContract}
        params={{ dental_practice_id: practiceId }}
        columns={columns}
        exportFileName="order-suggestions"
        selectable={canOrder}
        canSelectRow={(row) => (row.supplier_offer_id !== null ? true : t('replenishment.noSupplierWhy'))}
        onSelectionChange={setSelected}
        onRowOpen={setReasoning}
        toolbar={
          canOrder ? (
            <Button leftSection={<IconFileInvoice size={16} />} disabled={selected.length === 0} loading={creating} onClick={() => void createOrders()} data-testid="create-purchase-orders">
              {t('replenishment.createOrders', { count: selected.length })}
            </Button>
          ) : null
        }
        rowActions={(row) => (
          <Tooltip label={t('replenishment.why')}>
            <Button size="xs" variant="subtle" aria-label={t('replenishment.whyFor', { name: row.product_name })} onClick={() => setReasoning(row)} data-testid="suggestion-reasoning">
              <IconHelpCircle size={16} />
            </Button>
          </Tooltip>
        )}
        testId="order-suggestions-table"
      />

      <ReasoningModal practiceId={practiceId} inventoryId={reasoning?.id ?? null} title={reasoning?.product_name ?? ''} onClose={() => setReasoning(null)} />
      <ConfirmDialog
        opened={transfer !== null}
        title={t('replenishment.transferTitle')}
        message={transfer ? t('replenishment.transferMessage', { quantity: `${quantity(transfer.quantity)}\u00a0${unitLabel(transfer.usage_unit, transfer.quantity)}`, name: transfer.product_name, from: transfer.from_practice_name }) : ''}
        confirmLabel={t('replenishment.transfer')}
        onConfirm={() => (transfer ? makeTransfer(transfer) : Promise.resolve())}
        onClose={() => setTransfer(null)}
      />
    </Stack>
  );
}

/**
 * The replaced products still in stock (docs/product-rules.md#succession): their stock is used up before their
 * successors are bought (the successors' suggestions are net of it), and what of it will expire unused is warned of.
 */
function ReplacedStockNotice({ data }: { data: ReplacedStock }) {
  const { t } = useTranslation();
  const money = useMoneyOf();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  const day = useDay();
  const amount = (value: string, unit: string) => `${quantity(value)}\u00a0${unitLabel(unit, value)}`;
  const wasted = Number(data.total_value) > 0;
  return (
    <Alert
      color={wasted ? 'orange' : 'blue'}
      icon={wasted ? <IconAlertTriangle size={18} /> : <IconReplace size={18} />}
      title={t('replenishment.replacedTitle')}
      data-testid="replaced-stock"
    >
      <Stack gap={6}>
        <Text size="sm">{wasted ? t('replenishment.replacedWasteTotal', { value: money(data.total_value, data.currency) }) : t('replenishment.replacedText')}</Text>
        <List size="sm" spacing={4}>
          {data.products.map((p) => (
            <List.Item key={p.inventory_id} data-testid="replaced-stock-item">
              {t('replenishment.replacedLine', {
                name: p.product_name,
                successor: p.successor_name,
                date: day(p.succession_date),
                usable: amount(p.usable, p.usage_unit),
                counts: amount(p.counts_as, p.successor_usage_unit),
              })}
              {Number(p.expected_waste) > 0 ? (
                <Text span size="sm" fw={600} data-testid="replaced-stock-waste">
                  {' '}
                  {t('replenishment.replacedWaste', { quantity: amount(p.expected_waste, p.usage_unit), value: money(p.expected_waste_value, data.currency) })}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}
