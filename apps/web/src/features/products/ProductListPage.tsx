import { Alert, Group, Text } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconArrowsExchange, IconBarcode } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import { useSearchParams } from 'react-router';
import { parseProductBarcode, productListContract } from '@enamel/contracts';
import { useFormat } from '../../core/format.ts';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { useMoney } from '../../ui/money.ts';
import { deactivateProduct, deleteProduct, restoreProduct, type ProductRow, type ScannedBarcode } from './product.api.ts';
import { ProductFormModal } from './ProductFormModal.tsx';
import { ReplaceWithModal } from './ReplaceWithModal.tsx';
import type { AppAbility } from '../../core/abilities.ts';
import { usePackaging } from '../../ui/units.ts';

/**
 * A scanned GS1 barcode (GTIN with lot/expiry application identifiers) typed into the list search is
 * searched by its GTIN; what it carried is shown above the table. Plain text and plain GTINs are left alone.
 */
export function barcodeSearch(search: string): ScannedBarcode | null {
  const text = search.trim();
  if (text === '' || (/^\d+$/.test(text) && text.length <= 14)) return null;
  return parseProductBarcode(text);
}

// Plain spans in the cells (the table's own size), not a Mantine Text each: 25 rows render in one go.
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const MONOSPACE_NOWRAP = { whiteSpace: 'nowrap', fontFamily: 'var(--mantine-font-family-monospace)' } as const;

/** /admin/list/products: the catalog's products with packaging and costs; create, edit, deactivate, restore, delete. */
export function ProductListPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const format = useFormat();
  const packaging = usePackaging();
  const [scanned, setScanned] = useState<ScannedBarcode | null>(null);
  const [replacing, setReplacing] = useState<ProductRow | null>(null);
  const canEdit = useAbility<AppAbility>().can('update', 'Product');
  const [searchParams, setSearchParams] = useSearchParams();

  const search = searchParams.get('search') ?? '';
  useEffect(() => {
    const barcode = barcodeSearch(search);
    if (!barcode) return;
    setScanned(barcode);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('search', barcode.gtin);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [search, setSearchParams]);
  const showScanned = scanned !== null && search === scanned.gtin;

  const columns: DataTableColumn<ProductRow>[] = [
    { field: 'name', title: t('products.fields.name'), minWidth: 180 },
    {
      field: 'sku',
      title: t('products.fields.sku'),
      isUnique: true,
      cellRenderer: (row) => <span style={NOWRAP}>{row.sku}</span>,
    },
    {
      field: 'gtin',
      title: t('products.fields.gtinShort'),
      cellRenderer: (row) => <span style={MONOSPACE_NOWRAP}>{row.gtin ?? ''}</span>,
    },
    { field: 'brand_name', title: t('products.fields.brand') },
    { field: 'category_name', title: t('products.fields.category') },
    { field: 'units_per_purchase_unit', title: t('products.fields.packaging'), cellRenderer: (row) => packaging(row.purchase_unit, row.units_per_purchase_unit, row.usage_unit) },
    { field: 'purchase_price', title: t('products.fields.purchasePrice'), cellRenderer: (row) => money(row.purchase_price) },
    { field: 'unit_cost', title: t('products.fields.unitCost'), cellRenderer: (row) => money(row.unit_cost, { perUnit: true }) },
    { field: 'tracks_lots', title: t('products.fields.tracksLotsShort') },
  ];

  return (
    <RecordListPage<ProductRow>
      subject="Product"
      ns="products"
      addTestId="product-add"
      form={{ modal: ProductFormModal }}
      name={(row) => row.name}
      lifecycle={{ calls: { deactivate: deactivateProduct, restore: restoreProduct, delete: deleteProduct }, refresh: ['product', 'products'], deletable: () => true }}
      table={{ tableId: 'products', list: productListContract, columns, testId: 'products-table' }}
      moreActions={(row) => [{ key: 'replace', label: t('products.succession.replaceWith'), icon: <IconArrowsExchange size={16} />, onClick: () => setReplacing(row), hidden: !canEdit }]}
    >
      {showScanned ? (
        <Alert color="teal" variant="light" mb="sm" icon={<IconBarcode size={18} />} withCloseButton onClose={() => setScanned(null)} data-testid="product-scanned">
          <Group gap="lg">
            <Text size="sm">{t('products.scan.gtin', { gtin: scanned.gtin })}</Text>
            {scanned.lot ? <Text size="sm">{t('products.scan.lot', { lot: scanned.lot })}</Text> : null}
            {scanned.expiry ? <Text size="sm">{t('products.scan.expiry', { expiry: format.dateTime(`${scanned.expiry}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }) })}</Text> : null}
            {scanned.serial ? <Text size="sm">{t('products.scan.serial', { serial: scanned.serial })}</Text> : null}
          </Group>
        </Alert>
      ) : null}
      <ReplaceWithModal product={replacing} onClose={() => setReplacing(null)} />
    </RecordListPage>
  );
}
