import { useTranslation } from 'react-i18next';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import { useNavigate } from 'react-router';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { categoryLifecycle, type CategoryRow } from './category.api.ts';
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
  ];

  return (
    <RecordListPage<CategoryRow>
      subject="Category"
      ns="categories"
      addTestId="category-add"
      form={{ add: () => void navigate('/admin/categories/create'), edit: (id) => void navigate(`/admin/categories/edit/${id}`) }}
      name={(row) => row.path}
      lifecycle={categoryLifecycle}
      table={{ tableId: 'categories', list: categoryListContract, columns, testId: 'categories-table' }}
    />
  );
}
