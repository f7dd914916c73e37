import { Anchor } from '@mantine/core';
import { useAbility } from '@casl/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../core/abilities.ts';
import { useFormat } from '../../core/format.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { AddButton } from '../../ui/AddButton.tsx';
import { useEditAction, useLifecycleActions } from '../../ui/useLifecycleActions.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { deactivateBrand, restoreBrand, type BrandRow } from './brand.api.ts';
import { BrandFormModal } from './BrandFormModal.tsx';
import { brandListContract } from '@enamel/contracts';

/** Only http(s) links are rendered as links. */
function safeUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** /admin/list/brands: brands with their product counts; create, edit, deactivate (refused while active products use it), restore. */
export function BrandListPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const format = useFormat();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const canEdit = ability.can('update', 'Brand');
  const canDelete = ability.can('delete', 'Brand');

  const columns: DataTableColumn<BrandRow>[] = [
    { field: 'name', title: t('brands.fields.name'), isUnique: true, minWidth: 180 },
    { field: 'manufacturer', title: t('brands.fields.manufacturer') },
    {
      field: 'website',
      title: t('brands.fields.website'),
      cellRenderer: (row) => {
        const href = safeUrl(row.website);
        if (!href) return row.website ?? '';
        return (
          <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
            {new URL(href).host}
          </Anchor>
        );
      },
    },
    { field: 'products_count', title: t('brands.fields.productsCount'), width: 130, cellRenderer: (row) => format.number(row.products_count) },
    { field: 'status', title: t('common.status'), width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
    { field: 'created_at', title: t('common.createdAt'), hide: true },
  ];

  const confirm = useLifecycleActions<BrandRow>('brands', (row) => row.name, { deactivate: deactivateBrand, restore: restoreBrand }, ['brand', 'brands']);
  const editAction = useEditAction();

  return (
    <>
      <PageHeader
        title={t('routes.brands')}
        description={t('brands.subtitle')}
        actions={ability.can('create', 'Brand') ? <AddButton label={t('brands.add')} onClick={() => setEditing({})} testId="brand-add" /> : null}
      />
      <DataTable<BrandRow>
        tableId="brands"
        list={brandListContract}
        columns={columns}
        exportFileName="brands"
        onRowOpen={canEdit ? (row) => setEditing({ id: row.id }) : undefined}
        rowActions={(row) => (
          <RowActionsMenu
            label={row.name}
            actions={[editAction(() => setEditing({ id: row.id }), canEdit), ...confirm.menu(row, canDelete)]}
          />
        )}
        testId="brands-table"
      />
      <BrandFormModal opened={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />
      {confirm.dialog}
    </>
  );
}
