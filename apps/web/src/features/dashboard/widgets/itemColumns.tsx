import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuantityWithUnit } from '../../../ui/units.ts';
import type { WidgetColumn } from '../WidgetTable.tsx';

/** A product's name, linking to its stock in the practice when it has a stock record there. */
export function ProductLink({ name, inventoryId }: { name: string; inventoryId: number | null | undefined }) {
  if (!inventoryId) return <>{name}</>;
  return (
    <Anchor component={Link} to={`/admin/inventories/${inventoryId}`} size="sm" data-testid="widget-product-link">
      {name}
    </Anchor>
  );
}

/** The widgets' first two columns (`lead`): the product (a link to its stock) and what is on hand, with its unit. */
export function useItemColumns() {
  const { t } = useTranslation();
  const quantity = useQuantityWithUnit();
  const product: WidgetColumn<{ name: string; inventory_id: number | null | undefined }> = { title: t('dashboard.columns.product'), cell: (item) => <ProductLink name={item.name} inventoryId={item.inventory_id} /> };
  const onHand: WidgetColumn<{ on_hand: string | number; usage_unit: string }> = { title: t('dashboard.columns.onHand'), numeric: true, cell: (item) => quantity(item.on_hand, item.usage_unit) };
  return { lead: [product, onHand] as const };
}
