import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { AddButton } from '../../ui/AddButton.tsx';
import { useEditAction, useLifecycleActions } from '../../ui/useLifecycleActions.tsx';
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

  const confirm = useLifecycleActions<CategoryRow>('categories', (row) => row.path, { deactivate: deactivateCategory, restore: restoreCategory }, ['category', 'categories']);
  const editAction = useEditAction();

  return (
    <>
      <PageHeader
        title={t('routes.categories')}
        description={t('categories.subtitle')}
        actions={ability.can('create', 'Category') ? <AddButton label={t('categories.add')} onClick={() => void navigate('/admin/categories/create')} testId="category-add" /> : null}
      />
      <DataTable<CategoryRow>
        tableId="categories"
        list={categoryListContract}
        columns={columns}
        exportFileName="categories"
        onRowOpen={canEdit ? edit : undefined}
        rowActions={(row) => (
          <RowActionsMenu
            label={row.path}
            actions={[editAction(() => edit(row), canEdit), ...confirm.menu(row, canDelete)]}
          />
        )}
        testId="categories-table"
      />
      {confirm.dialog}
    </>
  );
}
