import { Badge, Button, Text } from '@mantine/core';
import { TwoLines } from '../../ui/TwoLines.tsx';
import { useAbility } from '@casl/react';
import { IconAdjustments, IconArchive, IconArrowsExchange, IconCopyCheck, IconEye, IconPackageImport, IconPlus, IconRestore, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useConfirmedActions } from '../../ui/useConfirmedActions.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useUnitLabel, useQuantity } from '../../ui/units.ts';
import { STOCK_QUERY_KEYS, applySuggestions, deactivateInventory, restoreInventory, type InventoryRow } from './inventory.api.ts';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { EXPIRY_COLORS, useDay, useStockMoney } from './stock.ts';
import { StockDialogs, StockStatusBadge, type StockDialog } from './StockDialogs.tsx';
import { inventoryListContract } from '@enamel/contracts';

/** "240 each · 2.4 box": on hand in the usage and the purchase unit. */
export function useOnHandText() {
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  return (row: Pick<InventoryRow, 'on_hand' | 'on_hand_purchase_units' | 'usage_unit' | 'purchase_unit' | 'units_per_purchase_unit'>) => {
    const usage = `${quantity(row.on_hand)}\u00a0${unitLabel(row.usage_unit, row.on_hand)}`;
    if (row.units_per_purchase_unit <= 1 || row.purchase_unit === row.usage_unit) return usage;
    return `${usage} · ${quantity(row.on_hand_purchase_units)}\u00a0${unitLabel(row.purchase_unit, row.on_hand_purchase_units)}`;
  };
}

/** /admin/list/inventories: the selected practice's stock, with receive, count, transfer and the detail. */
export function InventoryListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.inventories')} description={t('inventory.subtitle')} />
      <PracticeRequired>{(practice) => <InventoryList practiceId={practice.id} />}</PracticeRequired>
    </>
  );
}

function InventoryList({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const money = useStockMoney();
  const quantity = useQuantity();
  const day = useDay();
  const onHand = useOnHandText();
  const [dialog, setDialog] = useState<StockDialog>(null);
  const [selected, setSelected] = useState<InventoryRow[]>([]);
  const canUpdate = ability.can('update', 'Inventory');
  const canDelete = ability.can('delete', 'Inventory');
  const open = (row: InventoryRow) => void navigate(`/admin/inventories/${row.id}`);

  const columns: DataTableColumn<InventoryRow>[] = [
    {
      field: 'product_name',
      title: t('inventory.fields.product'),
      isUnique: true,
      minWidth: 220,
      cellRenderer: (row) => (
        <TwoLines primary={row.product_name} secondary={row.brand_name} />
      ),
    },
    { field: 'sku', title: t('products.fields.sku'), minWidth: 150 },
    { field: 'stock_status', title: t('inventory.fields.stockStatus'), width: 130, cellRenderer: (row) => <StockStatusBadge status={row.stock_status} /> },
    { field: 'on_hand', title: t('inventory.fields.onHand'), minWidth: 170, cellRenderer: (row) => <span data-testid="inventory-on-hand">{onHand(row)}</span> },
    { field: 'value', title: t('inventory.fields.value'), width: 130, cellRenderer: (row) => money(row.value) },
    {
      field: 'nearest_expiry',
      title: t('inventory.fields.nearestExpiry'),
      width: 150,
      cellRenderer: (row) => {
        const state = row.nearest_expiry_state;
        return state ? (
          <Text size="sm" c={EXPIRY_COLORS[state]} fw={state === 'ok' ? undefined : 600}>
            {day(row.nearest_expiry)}
          </Text>
        ) : null;
      },
    },
    { field: 'reorder_point', title: t('inventory.fields.reorderPoint'), width: 120, cellRenderer: (row) => quantity(row.reorder_point) },
    { field: 'par_level', title: t('inventory.fields.parLevel'), width: 110, cellRenderer: (row) => quantity(row.par_level) },
    {
      field: 'policy_mode',
      title: t('levels.policyMode'),
      width: 130,
      cellRenderer: (row) => (
        <Badge variant="light" color={row.policy_mode === 'forecast' ? 'teal' : 'gray'} tt="none" data-testid="inventory-policy-mode">
          {t(`levels.mode.${row.policy_mode}`)}
        </Badge>
      ),
    },
    { field: 'suggested_reorder_point', title: t('levels.suggestedReorderPoint'), width: 150, hide: true, cellRenderer: (row) => (row.suggested_reorder_point === null ? '—' : quantity(row.suggested_reorder_point)) },
    { field: 'suggested_order_up_to', title: t('levels.suggestedOrderUpTo'), width: 150, hide: true, cellRenderer: (row) => (row.suggested_order_up_to === null ? '—' : quantity(row.suggested_order_up_to)) },
    { field: 'effective_reorder_point', title: t('levels.effectiveReorderPoint'), width: 150, hide: true, cellRenderer: (row) => quantity(row.effective_reorder_point) },
    { field: 'effective_order_up_to', title: t('levels.effectiveOrderUpTo'), width: 150, hide: true, cellRenderer: (row) => quantity(row.effective_order_up_to) },
    { field: 'location', title: t('inventory.fields.location'), width: 140 },
    { field: 'brand_name', title: t('products.fields.brand'), hide: true },
    { field: 'category_name', title: t('products.fields.category'), hide: true },
    { field: 'status', title: t('common.status'), hide: true, width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
  ];

  const confirm = useConfirmedActions<InventoryRow, string>(
    {
      deactivate: { title: t('inventory.deactivateTitle'), message: (row) => t('inventory.deactivateMessage', { name: row.product_name }), label: t('actions.deactivate'), danger: true, call: (row) => deactivateInventory(row.id), done: t('inventory.deactivated') },
      restore: { title: t('inventory.restoreTitle'), message: (row) => t('inventory.restoreMessage', { name: row.product_name }), label: t('actions.restore'), danger: false, call: (row) => restoreInventory(row.id), done: t('inventory.restored') },
    },
    STOCK_QUERY_KEYS,
  );
  // Suggested levels into the typed ones: the selected rows, or every inventory of the practice with a suggestion (ids null).
  const bulk = useConfirmedActions<number[] | null, 'apply'>(
    {
      apply: {
        title: t('levels.applyTitle'),
        message: (ids) => (ids ? t('levels.applySelectedMessage', { count: ids.length }) : t('levels.applyAllMessage')),
        label: t('levels.apply'),
        call: (ids) => applySuggestions({ dental_practice_id: practiceId, ...(ids ? { inventory_ids: ids } : {}), mode: 'copy' }),
        done: t('levels.appliedMany'),
      },
    },
    STOCK_QUERY_KEYS,
  );

  return (
    <>
      <DataTable<InventoryRow>
        tableId="inventories"
        list={inventoryListContract}
        params={{ dental_practice_id: practiceId }}
        columns={columns}
        exportFileName="inventories"
        onRowOpen={open}
        selectable={canUpdate}
        onSelectionChange={setSelected}
        toolbar={
          <>
            {canUpdate ? (
              <>
                <Button variant="light" leftSection={<IconCopyCheck size={16} />} disabled={selected.length === 0} onClick={() => bulk.ask('apply', selected.map((r) => r.id))} data-testid="inventory-apply-selected">
                  {t('levels.applySelected', { count: selected.length })}
                </Button>
                <Button variant="subtle" onClick={() => bulk.ask('apply', null)} data-testid="inventory-apply-all">
                  {t('levels.applyAll')}
                </Button>
              </>
            ) : null}
            {canUpdate ? (
              <Button leftSection={<IconPackageImport size={16} />} onClick={() => setDialog({ kind: 'receive' })} data-testid="inventory-receive">
                {t('inventory.receiveStock')}
              </Button>
            ) : null}
            {ability.can('create', 'Inventory') ? (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'settings' })} data-testid="inventory-add">
                {t('inventory.add')}
              </Button>
            ) : null}
          </>
        }
        rowActions={(row) => (
          <RowActionsMenu
            label={row.product_name}
            actions={[
              { key: 'open', label: t('inventory.openDetail'), icon: <IconEye size={16} />, onClick: () => open(row) },
              { key: 'receive', label: t('inventory.receive'), icon: <IconPackageImport size={16} />, onClick: () => setDialog({ kind: 'receive', product: { id: row.product_id, sku: row.sku } }), hidden: !canUpdate || row.status !== 'active' },
              { key: 'adjust', label: t('inventory.countAdjust'), icon: <IconAdjustments size={16} />, onClick: () => setDialog({ kind: 'adjust', inventory: row }), hidden: !canUpdate },
              { key: 'transfer', label: t('inventory.transferAction'), icon: <IconArrowsExchange size={16} />, onClick: () => setDialog({ kind: 'transfer', inventory: row }), hidden: !canUpdate || Number(row.on_hand) <= 0 },
              { key: 'settings', label: t('inventory.settings'), icon: <IconSettings size={16} />, onClick: () => setDialog({ kind: 'settings', inventory: row }), hidden: !canUpdate },
              { key: 'deactivate', label: t('actions.deactivate'), icon: <IconArchive size={16} />, onClick: () => confirm.ask('deactivate', row), hidden: row.status !== 'active' || !canDelete },
              { key: 'restore', label: t('actions.restore'), icon: <IconRestore size={16} />, onClick: () => confirm.ask('restore', row), hidden: row.status === 'active' || !canDelete },
            ]}
          />
        )}
        testId="inventories-table"
      />
      <StockDialogs practiceId={practiceId} dialog={dialog} onClose={() => setDialog(null)} />
      {confirm.dialog}
      {bulk.dialog}
    </>
  );
}
