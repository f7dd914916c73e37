import { Button } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconArchive, IconPencil, IconPlus, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useConfirmedActions } from '../../ui/useConfirmedActions.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { deactivateCategory, restoreCategory, type CategoryRow } from './category.api.ts';
import { categoryListContract } from '@enamel/contracts';

/** /admin/list/categories: the category tree as paths ("Infection control › Gloves"); create and edit are pages. */
export function CategoryListPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const canEdit = ability.can('update', 'Category');
  const canDelete = ability.can('delete', 'Category');
  const edit = (row: CategoryRow) => void navigate(`/admin/categories/edit/${row.id}`);

  const columns: DataTableColumn<CategoryRow>[] = [
    { field: 'path', title: t('categories.fields.path'), isUnique: true, minWidth: 260 },
    { field: 'name', title: t('categories.fields.name') },
    { field: 'parent_name', title: t('categories.fields.parent'), hide: true },
    { field: 'products_count', title: t('categories.fields.productsCount'), width: 130 },
    { field: 'status', title: t('common.status'), width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
    { field: 'created_at', title: t('common.createdAt'), hide: true },
  ];

  const confirm = useConfirmedActions<CategoryRow, string>(
    {
      deactivate: { title: t('categories.deactivateTitle'), message: (row) => t('categories.deactivateMessage', { name: row.path }), label: t('actions.deactivate'), danger: true, call: (row) => deactivateCategory(row.id), done: t('categories.deactivated') },
      restore: { title: t('categories.restoreTitle'), message: (row) => t('categories.restoreMessage', { name: row.path }), label: t('actions.restore'), danger: false, call: (row) => restoreCategory(row.id), done: t('categories.restored') },
    },
    ['category', 'categories'],
  );

  return (
    <>
      <PageHeader
        title={t('routes.categories')}
        description={t('categories.subtitle')}
        actions={
          ability.can('create', 'Category') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate('/admin/categories/create')} data-testid="category-add">
              {t('categories.add')}
            </Button>
          ) : null
        }
      />
      <DataTable<CategoryRow>
        tableId="categories"
        list={categoryListContract}
        columns={columns}
        defaultSort={{ field: 'path', direction: 'asc' }}
        exportFileName="categories"
        onRowOpen={canEdit ? edit : undefined}
        rowActions={(row) => (
          <RowActionsMenu
            label={row.path}
            actions={[
              { key: 'edit', label: t('actions.edit'), icon: <IconPencil size={16} />, onClick: () => edit(row), hidden: !canEdit },
              { key: 'deactivate', label: t('actions.deactivate'), icon: <IconArchive size={16} />, onClick: () => confirm.ask('deactivate', row), hidden: row.status !== 'active' || !canDelete },
              { key: 'restore', label: t('actions.restore'), icon: <IconRestore size={16} />, onClick: () => confirm.ask('restore', row), hidden: row.status === 'active' || !canDelete },
            ]}
          />
        )}
        testId="categories-table"
      />
      {confirm.dialog}
    </>
  );
}
