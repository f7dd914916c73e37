import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePackaging, useUnitLabel, useQuantity } from '../../ui/units.ts';

export interface SummaryProduct {
  name: string;
  sku: string;
  usage_unit: string;
  purchase_unit: string;
  units_per_purchase_unit: number;
  tracks_lots?: boolean;
  on_hand?: string;
}

/** The product a stock dialog works on: name, SKU, packaging, on hand; optionally a "Change" button. */
export function ProductSummary({ product, onChange }: { product: SummaryProduct; onChange?: () => void }) {
  const { t } = useTranslation();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  const packaging = usePackaging();
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)" data-testid="stock-product-summary">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={600} data-testid="stock-product-name">
            {product.name}
          </Text>
          <Text size="xs" c="dimmed" component="div">
            {product.sku} · {packaging(product.purchase_unit, product.units_per_purchase_unit, product.usage_unit)}
            {product.tracks_lots ? (
              <Badge ml="xs" size="xs" variant="light">
                {t('inventory.tracksLots')}
              </Badge>
            ) : null}
          </Text>
          {product.on_hand !== undefined ? (
            <Text size="sm" data-testid="stock-product-on-hand">
              {t('inventory.onHandShort', { quantity: quantity(product.on_hand), unit: unitLabel(product.usage_unit, product.on_hand) })}
            </Text>
          ) : null}
        </Stack>
        {onChange ? (
          <Button variant="subtle" size="xs" onClick={onChange} data-testid="stock-product-change">
            {t('inventory.changeProduct')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
