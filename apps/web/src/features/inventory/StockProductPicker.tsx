import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScannedBarcode, StockProductHit } from '@enamel/contracts';
import { ProductSearchPicker } from '../products/index.ts';
import { useUnitLabel, useQuantity } from '../../ui/units.ts';
import { searchStockProducts } from './inventory.api.ts';

export { scannedHit } from '../products/index.ts';

interface StockProductPickerProps {
  practiceId: number;
  label: string;
  /** `barcode` is set when the product came from a scanned GS1 barcode (lot and expiry it held). */
  onPick: (product: StockProductHit, barcode: ScannedBarcode | null) => void;
  description?: string;
  autoFocus?: boolean;
  error?: ReactNode;
  testId?: string;
}

/** Product picker showing what the selected practice has on hand (GET /api/inventory/product/search). */
export function StockProductPicker({ practiceId, label, onPick, description, autoFocus, error, testId = 'stock-product-picker' }: StockProductPickerProps) {
  const { t } = useTranslation();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  return (
    <ProductSearchPicker<StockProductHit>
      label={label}
      placeholder={t('inventory.pickerPlaceholder')}
      empty={t('inventory.noProducts')}
      queryKey={['inventory-search', practiceId]}
      search={(query, signal) => searchStockProducts(practiceId, query, signal)}
      detail={(hit) => (
        <Text size="xs" c={Number(hit.on_hand) > 0 ? 'dimmed' : 'red'} style={{ whiteSpace: 'nowrap' }}>
          {t('inventory.onHandShort', { quantity: quantity(hit.on_hand), unit: unitLabel(hit.usage_unit, hit.on_hand) })}
        </Text>
      )}
      onPick={onPick}
      {...(description !== undefined ? { description } : {})}
      {...(error !== undefined ? { error } : {})}
      {...(autoFocus !== undefined ? { autoFocus } : {})}
      testId={testId}
      optionTestId="stock-product-option"
      camera
    />
  );
}
