import { Grid, Input, SegmentedControl, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterSave } from '../../core/actions.ts';
import { inventoryAddBodySchema, inventoryUpdateBodySchema, POLICY_MODES, type PolicyModeName } from '@enamel/contracts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { useUnitLabel } from '../../ui/units.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { STOCK_QUERY_KEYS, addInventory, updateInventory, type InventoryRow, type StockProductHit } from './inventory.api.ts';
import { ProductSummary } from './ProductSummary.tsx';
import { decimalText } from './stock.ts';
import { StockProductPicker } from './StockProductPicker.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { DecimalInput } from '../../ui/DecimalInput.tsx';

interface Values extends Record<string, unknown> {
  product_id: number | null;
  reorder_point: number | string;
  par_level: number | string;
  location: string;
  policy_mode: PolicyModeName;
}

/** What the settings send (empty levels are zero). */
const settingsBody = (v: Values) => ({ reorder_point: decimalText(v.reorder_point) || '0', par_level: decimalText(v.par_level) || '0', location: v.location.trim() || null });
/** An edit also sends the policy mode (manual: the typed levels; forecast: the run's, typed as a floor). */
const updateBody = (v: Values) => ({ ...settingsBody(v), policy_mode: v.policy_mode });

interface InventorySettingsModalProps {
  opened: boolean;
  practiceId: number;
  /** Edit these settings; absent: add a product to the practice's inventory. */
  inventory?: Pick<InventoryRow, 'id' | 'product_name' | 'sku' | 'usage_unit' | 'purchase_unit' | 'units_per_purchase_unit' | 'on_hand' | 'reorder_point' | 'par_level' | 'location' | 'policy_mode'>;
  onClose: () => void;
}

/** The two stock levels, in the product's usage unit: reorder at the first, order up to the second. */
const LEVELS = [
  { field: 'reorder_point', label: 'reorderPoint', hint: 'reorderPointHint', testId: 'inventory-reorder-point' },
  { field: 'par_level', label: 'parLevel', hint: 'parLevelHint', testId: 'inventory-par-level' },
] as const;

/** Adds a product to the practice's inventory, or edits its reorder point, par level and location. */
export function InventorySettingsModal({ opened, practiceId, inventory, onClose }: InventorySettingsModalProps) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const unitLabel = useUnitLabel();
  const [product, setProduct] = useState<StockProductHit | null>(null);
  const editing = inventory !== undefined;
  const form = useForm<Values>({
    initialValues: { product_id: null, reorder_point: 0, par_level: 0, location: '', policy_mode: 'manual' },
    validate: { product_id: (v) => (editing || v !== null ? null : t('inventory.validation.product')) },
  });

  useEffect(() => {
    if (!opened) return;
    setProduct(null);
    form.setValues(
      inventory
        ? { product_id: null, reorder_point: Number(inventory.reorder_point), par_level: Number(inventory.par_level), location: inventory.location ?? '', policy_mode: inventory.policy_mode }
        : { product_id: null, reorder_point: 0, par_level: 0, location: '', policy_mode: 'manual' },
    );
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, inventory?.id, practiceId]);

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    inventory
      ? contractCall(inventoryUpdateBodySchema, updateBody, (body) => updateInventory(inventory.id, body))
      : contractCall(inventoryAddBodySchema, (v: Values) => ({ dental_practice_id: practiceId, product_id: v.product_id!, ...settingsBody(v) }), addInventory),
    afterSave(t(editing ? 'inventory.settingsSaved' : 'inventory.added'), STOCK_QUERY_KEYS, onClose),
  );

  const shown = inventory ? { ...inventory, name: inventory.product_name } : product;
  const unit = shown ? unitLabel(shown.usage_unit) : '';
  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t(editing ? 'inventory.settingsTitle' : 'inventory.addTitle')} testId="inventory-settings-modal" formTestId="inventory-settings-form" onSubmit={onSubmit} message={message} errorTestId="inventory-settings-error">
      {shown ? (
        <ProductSummary product={shown} onChange={
            editing
              ? undefined
              : () => {
                  setProduct(null);
                  form.setFieldValue('product_id', null);
                }
          } />
      ) : (
        <StockProductPicker
          practiceId={practiceId}
          label={t('inventory.fields.product')}
          autoFocus
          error={form.errors.product_id}
          onPick={(hit) => {
            setProduct(hit);
            form.setFieldValue('product_id', hit.id);
            form.clearFieldError('product_id');
          }}
          testId="inventory-settings-product"
        />
      )}
      <Grid>
        {LEVELS.map(({ field, label, hint, testId }) => (
          <Grid.Col span={{ base: 12, sm: 6 }} key={field}>
            <DecimalInput label={t(`inventory.fields.${label}`)} description={t(`inventory.${hint}`, { unit })} data-testid={testId} {...form.getInputProps(field)} />
          </Grid.Col>
        ))}
      </Grid>
      {editing && (
        <Input.Wrapper label={t('levels.policyMode')} description={t('levels.policyModeHint')} id="inventory-policy-mode">
          <SegmentedControl
            fullWidth
            aria-labelledby="inventory-policy-mode-label"
            data={POLICY_MODES.map((mode) => ({ value: mode, label: t(`levels.mode.${mode}`) }))}
            data-testid="inventory-policy-mode"
            {...form.getInputProps('policy_mode')}
          />
        </Input.Wrapper>
      )}
      <TextInput label={t('inventory.fields.location')} placeholder={t('inventory.locationPlaceholder')} autoComplete="off" data-testid="inventory-location" {...form.getInputProps('location')} />
      <FormFooter submitLabel={t(editing ? 'common.save' : 'inventory.addSubmit')} submitTestId="inventory-settings-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
