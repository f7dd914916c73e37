import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { supplierListContract } from '@enamel/contracts';
import { formatMoney, useFormat } from '../../core/format.ts';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import { supplierDetailPath, supplierLifecycle, type SupplierRow } from './supplier.api.ts';
import { SupplierFormModal } from './SupplierFormModal.tsx';

/** /admin/list/suppliers: who the organisation buys from; create, edit, deactivate, restore; a name opens the supplier with its offers. */
export function SupplierListPage() {
  const { t, i18n } = useTranslation();
  const format = useFormat();

  const columns: DataTableColumn<SupplierRow>[] = [
    {
      field: 'name',
      title: t('suppliers.fields.name'),
      isUnique: true,
      minWidth: 200,
      cellRenderer: (row) => (
        <Anchor component={Link} to={supplierDetailPath(row.id)} size="sm" data-testid="supplier-link">
          {row.name}
        </Anchor>
      ),
    },
    { field: 'account_number', title: t('suppliers.fields.accountNumber'), hide: true },
    { field: 'contact_person', title: t('suppliers.fields.contactPerson') },
    { field: 'email', title: t('suppliers.fields.email') },
    { field: 'phone', title: t('suppliers.fields.phone'), hide: true },
    { field: 'currency', title: t('suppliers.fields.currency'), width: 110 },
    { field: 'lead_time_days', title: t('suppliers.fields.leadTimeDays'), width: 140, cellRenderer: (row) => t('suppliers.days', { count: row.lead_time_days }) },
    { field: 'minimum_order_value', title: t('suppliers.fields.minimumOrderValue'), width: 160, cellRenderer: (row) => formatMoney(i18n.language, row.minimum_order_value, row.currency) },
    { field: 'offers_count', title: t('suppliers.fields.offersCount'), width: 110, cellRenderer: (row) => format.number(row.offers_count) },
  ];

  return (
    <RecordListPage<SupplierRow>
      subject="Supplier"
      ns="suppliers"
      addTestId="supplier-add"
      form={{ modal: SupplierFormModal }}
      name={(row) => row.name}
      lifecycle={supplierLifecycle}
      table={{ tableId: 'suppliers', list: supplierListContract, columns, testId: 'suppliers-table' }}
    />
  );
}
