import { Badge, Group } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supplierOfferListContract } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { formatMoney } from '../../core/format.ts';
import { AddButton } from '../../ui/AddButton.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useUnitLabel } from '../../ui/units.ts';
import { useEditAction, useLifecycleActions } from '../../ui/useLifecycleActions.tsx';
import { OfferFormModal, type OfferFixed } from './OfferFormModal.tsx';
import { offerLifecycle, type SupplierOfferRow } from './supplier.api.ts';

/**
 * The offers of one product (its screen's Suppliers section) or of one supplier (its detail page): who sells it as
 * what pack, at what price in the supplier's currency, which is preferred; add, edit, deactivate, restore, delete.
 */
export function OffersTable({ productId, productName, supplierId }: { productId?: number; productName?: string; supplierId?: number }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility<AppAbility>();
  const unitLabel = useUnitLabel();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const canCreate = ability.can('create', 'Supplier');
  const canEdit = ability.can('update', 'Supplier');
  const canDelete = ability.can('delete', 'Supplier');
  const name = (row: SupplierOfferRow) => (productId !== undefined ? row.supplier_name : row.product_name);
  const confirm = useLifecycleActions<SupplierOfferRow>('suppliers.offers', name, offerLifecycle.calls, offerLifecycle.refresh);
  const editAction = useEditAction();
  const fixed: OfferFixed = { productId, productName, supplierId };
  const money = (row: SupplierOfferRow, value: string, perUnit = false) => formatMoney(i18n.language, value, row.currency, { perUnit });

  const columns: DataTableColumn<SupplierOfferRow>[] = [
    ...(productId === undefined
      ? [
          { field: 'product_name', title: t('suppliers.offers.fields.product'), isUnique: true, minWidth: 200 } as const,
          { field: 'product_sku', title: t('suppliers.offers.fields.productSku'), width: 140 } as const,
        ]
      : [{ field: 'supplier_name', title: t('suppliers.offers.fields.supplier'), isUnique: true, minWidth: 180 } as const]),
    {
      field: 'preferred',
      title: t('suppliers.offers.fields.preferred'),
      width: 120,
      cellRenderer: (row) =>
        row.preferred ? (
          <Badge color="blue" variant="light" leftSection={<IconStarFilled size={12} />} tt="none">
            {t('suppliers.offers.preferredBadge')}
          </Badge>
        ) : null,
    },
    { field: 'supplier_sku', title: t('suppliers.offers.fields.supplierSku'), width: 130 },
    {
      field: 'units_per_purchase_unit',
      title: t('suppliers.offers.fields.pack'),
      width: 160,
      cellRenderer: (row) => t('suppliers.offers.packOf', { unit: unitLabel(row.purchase_unit), count: Number(row.units_per_purchase_unit), usage: unitLabel(row.usage_unit) }),
    },
    { field: 'price', title: t('suppliers.offers.fields.price'), width: 130, cellRenderer: (row) => money(row, row.price) },
    { field: 'unit_price', title: t('suppliers.offers.fields.unitPrice'), width: 130, cellRenderer: (row) => money(row, row.unit_price, true) },
    { field: 'minimum_order_quantity', title: t('suppliers.offers.fields.minimumOrderQuantity'), width: 110 },
    { field: 'effective_lead_time_days', title: t('suppliers.offers.fields.leadTimeDays'), width: 130, cellRenderer: (row) => t('suppliers.days', { count: row.effective_lead_time_days }) },
    { field: 'status', title: t('common.status'), width: 110, cellRenderer: (row) => <StatusBadge status={row.status} /> },
  ];

  return (
    <>
      <DataTable<SupplierOfferRow>
        tableId={productId !== undefined ? 'product-offers' : 'supplier-offers'}
        list={supplierOfferListContract}
        params={productId !== undefined ? { product_id: productId } : { supplier_id: supplierId }}
        columns={columns}
        testId="offers-table"
        exportFileName={productId !== undefined ? 'product-offers' : 'supplier-offers'}
        toolbar={canCreate ? <AddButton label={t('suppliers.offers.add')} onClick={() => setEditing({})} testId="offer-add" /> : undefined}
        onRowOpen={canEdit ? (row) => setEditing({ id: row.id }) : undefined}
        rowActions={(row) => (
          <Group gap={0} wrap="nowrap">
            <RowActionsMenu label={name(row)} actions={[editAction(() => setEditing({ id: row.id }), canEdit), ...confirm.menu(row, canDelete, true)]} />
          </Group>
        )}
      />
      <OfferFormModal opened={editing !== null} id={editing?.id} fixed={fixed} onClose={() => setEditing(null)} />
      {confirm.dialog}
    </>
  );
}
