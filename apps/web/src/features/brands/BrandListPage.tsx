import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import { useFormat } from '../../core/format.ts';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { brandLifecycle, type BrandRow } from './brand.api.ts';
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
  const format = useFormat();

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
  ];

  return (
    <RecordListPage<BrandRow>
      subject="Brand"
      ns="brands"
      addTestId="brand-add"
      form={{ modal: BrandFormModal }}
      name={(row) => row.name}
      lifecycle={brandLifecycle}
      table={{ tableId: 'brands', list: brandListContract, columns, testId: 'brands-table' }}
    />
  );
}
