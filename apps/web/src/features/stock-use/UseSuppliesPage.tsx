import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useAbility } from '@casl/react';
import { useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { stockUseBodySchema, type StockProductHit, type StockUseResult } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { useRefreshLists } from '../../core/actions.ts';
import { notifySuccess } from '../../core/notify.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { useQuantity, useUnitLabel } from '../../ui/units.ts';
import { ProductSummary, STOCK_QUERY_KEYS, StockProductPicker, decimalText } from '../inventory/index.ts';
import { LocationSelect } from '../locations/index.ts';
import { takeSupplies } from './stock-use.api.ts';

interface Values extends Record<string, unknown> {
  product_id: number | null;
  quantity: number | string;
  note: string;
  /** Where the supplies are used (a location id); empty: anywhere in the practice. Kept from one product to the next. */
  location_id: string | null;
}

const EMPTY: Values = { product_id: null, quantity: 1, note: '', location_id: null };

/**
 * /admin/use-supplies: supplies no procedure records (gloves, disinfectant, office supplies) taken out of stock on a
 * phone — scan or search the product, the quantity (1 unless changed), confirm, next. What was just taken is listed.
 */
export function UseSuppliesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.useSupplies')} description={t('stockUse.subtitle')} />
      <PracticeRequired>{(practice) => <UseSupplies key={practice.id} practiceId={practice.id} />}</PracticeRequired>
    </>
  );
}

function UseSupplies({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const refreshLists = useRefreshLists();
  const quantityText = useQuantity();
  const unitLabel = useUnitLabel();
  const [product, setProduct] = useState<StockProductHit | null>(null);
  const [taken, setTaken] = useState<StockUseResult[]>([]);
  // A new picker (focused) for each product: the next scan goes straight in.
  const [round, setRound] = useState(0);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      product_id: (v) => (v === null ? t('inventory.validation.product') : null),
      quantity: (v) => (Number(decimalText(v)) > 0 ? null : t('inventory.validation.positive')),
    },
  });

  const choose = (hit: StockProductHit | null) => {
    setProduct(hit);
    form.setValues({ product_id: hit?.id ?? null, quantity: 1 });
    form.clearErrors();
  };

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      stockUseBodySchema,
      (v: Values) => ({ dental_practice_id: practiceId, product_id: v.product_id!, quantity: decimalText(v.quantity), note: v.note.trim() || null, location_id: v.location_id ? Number(v.location_id) : null }),
      takeSupplies,
    ),
    async (result) => {
      notifySuccess(t('stockUse.done', { quantity: quantityText(result.quantity), unit: unitLabel(result.usage_unit, result.quantity), name: result.product_name }));
      setTaken((before) => [result, ...before].slice(0, 10));
      form.setValues({ ...EMPTY, location_id: form.getValues().location_id });
      setProduct(null);
      setRound((n) => n + 1);
      await refreshLists(STOCK_QUERY_KEYS);
    },
  );

  if (!ability.can('update', 'Inventory')) {
    return (
      <Alert color="gray" variant="light" data-testid="use-not-allowed">
        {t('stockUse.notAllowed')}
      </Alert>
    );
  }

  return (
    <Stack gap="lg" maw={560}>
      <Paper withBorder radius="lg" p={{ base: 'sm', xs: 'lg' }}>
        <form onSubmit={onSubmit} noValidate data-testid="use-form">
          <Stack gap="md">
            {product ? (
              <ProductSummary product={product} onChange={() => choose(null)} />
            ) : (
              <StockProductPicker
                key={round}
                practiceId={practiceId}
                label={t('inventory.scanOrSearch')}
                description={t('stockUse.scanHint')}
                autoFocus
                error={form.errors.product_id}
                onPick={(hit) => choose(hit)}
                testId="use-product"
              />
            )}
            <DecimalInput
              label={product ? t('stockUse.quantityIn', { unit: unitLabel(product.usage_unit) }) : t('inventory.fields.quantity')}
              required
              inputMode="decimal"
              data-testid="use-quantity"
              {...form.getInputProps('quantity')}
            />
            <LocationSelect
              practiceId={practiceId}
              label={t('stockUse.location')}
              description={t('stockUse.locationHint')}
              emptyLabel={t('stockUse.anywhere')}
              testId="use-location"
              {...form.getInputProps('location_id')}
            />
            <TextInput label={t('stockUse.note')} placeholder={t('stockUse.notePlaceholder')} maxLength={200} autoComplete="off" data-testid="use-note" {...form.getInputProps('note')} />
            <FormError message={message} testId="use-error" />
            <Button type="submit" size="md" mih={48} fullWidth loading={saving} leftSection={<IconCheck size={18} aria-hidden />} data-testid="use-submit">
              {t('stockUse.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      {taken.length > 0 ? (
        <Stack gap="xs" data-testid="use-taken">
          <Title order={2} fz="md">
            {t('stockUse.justTaken')}
          </Title>
          {taken.map((result) => (
            <Paper key={result.taken[0]?.movement_id ?? result.inventory_id} withBorder radius="md" p="sm" data-testid="use-taken-row">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{result.product_name}</Text>
                  <Text size="xs" c="dimmed">
                    {result.taken
                      .map((part) => (part.lot_number ? t('stockUse.fromLot', { lot: part.lot_number, quantity: quantityText(part.quantity) }) : quantityText(part.quantity)))
                      .join(' · ')}
                  </Text>
                </Stack>
                <Stack gap={0} align="flex-end">
                  <Text fw={600} c="red.8">
                    −{quantityText(result.quantity)} {unitLabel(result.usage_unit, result.quantity)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('inventory.onHandShort', { quantity: quantityText(result.on_hand), unit: unitLabel(result.usage_unit, result.on_hand) })}
                  </Text>
                </Stack>
              </Group>
              <Button component={Link} to={`/admin/inventories/${result.inventory_id}`} variant="subtle" size="xs" mih={44} px={0} data-testid="use-taken-open">
                {t('stockUse.openInventory')}
              </Button>
            </Paper>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
