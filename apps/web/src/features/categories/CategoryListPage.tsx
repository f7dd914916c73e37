import { useTranslation } from 'react-i18next';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import { useNavigate } from 'react-router';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { deactivateCategory, restoreCategory, type CategoryRow } from './category.api.ts';
import { categoryListContract } from '@enamel/contracts';

/** /admin/list/categories: the category tree as paths ("Infection control › Gloves"); create and edit are pages. */
export function CategoryListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const columns: DataTableColumn<CategoryRow>[] = [
    { field: 'path', title: t('categories.fields.path'), isUnique: true, minWidth: 260 },
    { field: 'name', title: t('categories.fields.name') },
    { field: 'parent_name', title: t('categories.fields.parent'), hide: true },
    { field: 'products_count', title: t('categories.fields.productsCount'), width: 130 },
    { field: 'status', title: t('common.status'), width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
    { field: 'created_at', title: t('common.createdAt'), hide: true },
  ];

  return (
    <RecordListPage<CategoryRow>
      subject="Category"
      ns="categories"
      title={t('routes.categories')}
      addTestId="category-add"
      form={{ add: () => void navigate('/admin/categories/create'), edit: (id) => void navigate(`/admin/categories/edit/${id}`) }}
      name={(row) => row.path}
      lifecycle={{ calls: { deactivate: deactivateCategory, restore: restoreCategory }, refresh: ['category', 'categories'] }}
      table={{ tableId: 'categories', list: categoryListContract, columns, exportFileName: 'categories', testId: 'categories-table' }}
    />
  );
}
