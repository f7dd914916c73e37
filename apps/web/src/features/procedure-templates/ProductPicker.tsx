import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../ui/money.ts';
import type { ProductHit } from '@enamel/contracts';
import { ProductSearchPicker, searchProducts } from '../products/index.ts';
import { useUnitLabel } from '../../ui/units.ts';

/** Catalog product picker showing each product's unit cost (GET /api/product/search), for template items. */
export function ProductPicker({ onPick, label, testId = 'product-picker' }: { onPick: (product: ProductHit) => void; label: string; testId?: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const unitLabel = useUnitLabel();
  return (
    <ProductSearchPicker<ProductHit>
      label={label}
      placeholder={t('procedureTemplates.pickerPlaceholder')}
      empty={t('procedureTemplates.noProducts')}
      queryKey={['product', 'search']}
      search={(query, signal) => searchProducts(query, signal)}
      detail={(hit) => (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('products.perUnit', { cost: money(hit.unit_cost, { perUnit: true }), unit: unitLabel(hit.usage_unit) })}
        </Text>
      )}
      onPick={(hit) => onPick(hit)}
      testId={testId}
      optionTestId="product-picker-option"
    />
  );
}
