import { Button, Grid, Group, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ProductHit } from '@enamel/contracts';
import { DateField } from '../../ui/DateField.tsx';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { useUnitLabel } from '../../ui/units.ts';
import { searchProducts } from './product.api.ts';
import { ProductSearchPicker } from './ProductSearchPicker.tsx';

/** The product a succession names, as the fields show it. */
export interface SuccessorChoice {
  id: number;
  name: string;
  sku: string;
  usage_unit?: string;
}

/** The succession part of a form's values (the product form's and "Replace with…"'s). */
export interface SuccessionValues extends Record<string, unknown> {
  successor: SuccessorChoice | null;
  succession_date: string;
  succession_factor: number | string;
}

/** The day in UTC, as the API defaults a succession date. */
export const todayDay = () => new Date().toISOString().slice(0, 10);

/** What the API is sent: no successor clears the succession (the date and factor then go unsent). */
export function successionBody(v: SuccessionValues) {
  if (!v.successor) return { successor_id: null };
  return { successor_id: v.successor.id, succession_date: v.succession_date || null, succession_factor: String(v.succession_factor) || null };
}

/**
 * The successor (searched like every product picker; the chosen one shown with a change button), the day it takes
 * over and the conversion factor, with what the factor means in the two products' usage units.
 */
export function SuccessionFields<V extends SuccessionValues>({ form, productId, usageUnit }: { form: UseFormReturnType<V>; productId?: number; usageUnit: string }) {
  const { t } = useTranslation();
  const unitLabel = useUnitLabel();
  const values = form.getValues();
  const successor = values.successor;
  const pick = (hit: ProductHit) => form.setFieldValue('successor', { id: hit.id, name: hit.name, sku: hit.sku, usage_unit: hit.usage_unit } as never);
  const error = form.errors.successor_id ?? form.errors.successor;
  return (
    <Stack gap="xs" data-testid="succession-fields">
      {successor ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('products.succession.successor')}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" data-testid="succession-successor">
              {successor.name} <Text span c="dimmed" size="sm">({successor.sku})</Text>
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => form.setFieldValue('successor', null as never)} data-testid="succession-clear">
              {t('products.succession.clear')}
            </Button>
          </Group>
          {error ? <Text size="sm" c="red.8" role="alert">{error}</Text> : null}
        </Stack>
      ) : (
        <ProductSearchPicker<ProductHit>
          label={t('products.succession.successor')}
          placeholder={t('products.succession.pickerPlaceholder')}
          empty={t('procedureTemplates.noProducts')}
          description={t('products.succession.successorHint')}
          queryKey={['product', 'search', 'successor']}
          search={async (query, signal) => {
            const found = await searchProducts(query, signal);
            return { ...found, data: found.data.filter((h) => h.id !== productId && h.status === 'active') };
          }}
          detail={(hit) => <Text size="xs" c="dimmed">{hit.sku}</Text>}
          onPick={pick}
          error={error}
          testId="succession-picker"
          optionTestId="succession-picker-option"
        />
      )}
      {successor ? (
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateField size="sm" label={t('products.succession.date')} description={t('products.succession.dateHint')} data-testid="succession-date" {...form.getInputProps('succession_date')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DecimalInput
              label={t('products.succession.factor')}
              description={t('products.succession.factorHint', { factor: String(values.succession_factor || '1'), unit: unitLabel(usageUnit), successorUnit: unitLabel(successor.usage_unit ?? usageUnit) })}
              allowNegative={false}
              decimalScale={6}
              data-testid="succession-factor"
              {...form.getInputProps('succession_factor')}
            />
          </Grid.Col>
        </Grid>
      ) : null}
    </Stack>
  );
}
