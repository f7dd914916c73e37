import { Grid, type ComboboxItem, NumberInput, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidGtin, productBodySchema, type Unit, unitCostOf } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { fetchBrandOptions } from '../brands/index.ts';
import { fetchAllCategories } from '../categories/index.ts';
import { useMoney } from '../../ui/money.ts';
import { fetchProduct, saveProduct } from './product.api.ts';
import { useUnitOptions } from './unit-options.ts';
import { useUnitLabel } from '../../ui/units.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { ProductSuppliersSection } from './ProductSuppliersSection.tsx';
import { ProductSuccessionSection } from './ProductSuccessionSection.tsx';
import { SuccessionFields, successionBody, todayDay, type SuccessorChoice } from './SuccessionFields.tsx';

interface Values extends Record<string, unknown> {
  name: string;
  sku: string;
  gtin: string;
  brand_id: string | null;
  category_id: string | null;
  usage_unit: string;
  purchase_unit: string;
  units_per_purchase_unit: number | string;
  purchase_price: number | string;
  tracks_lots: boolean;
  description: string;
  successor: SuccessorChoice | null;
  succession_date: string;
  succession_factor: number | string;
}

const EMPTY: Values = {
  name: '', sku: '', gtin: '', brand_id: null, category_id: null, usage_unit: 'each', purchase_unit: 'box',
  units_per_purchase_unit: 1, purchase_price: '', tracks_lots: false, description: '', successor: null, succession_date: todayDay(), succession_factor: 1,
};

/** Digits only, the way scanners and people type GTINs (spaces and dashes dropped). */
function cleanGtin(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * Create (id undefined) or edit a product in a dialog, with its unit cost computed as the user types, and its
 * succession (the product that replaces it). A successor's or predecessor's link opens that product in the dialog.
 */
export function ProductFormModal({ opened, id: openedId, onClose }: { opened: boolean; id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [id, setId] = useState(openedId);
  useEffect(() => setId(openedId), [openedId, opened]);
  const afterSave = useAfterSave();
  const money = useMoney();
  const unitLabel = useUnitLabel();
  const units = useUnitOptions();
  const form = useForm<Values>({ initialValues: EMPTY });
  const existing = useQuery({ queryKey: ['product', id], queryFn: () => fetchProduct(id!), enabled: opened && id !== undefined });

  // Brands: the first 100 by name, narrowed on the server as the user types; the product's own brand always offered.
  const [brandSearch, setBrandSearch] = useState('');
  const [knownBrand, setKnownBrand] = useState<{ id: number; name: string } | null>(null);
  // The box shows the chosen brand's name: that is not a search.
  const [brandQuery] = useDebouncedValue(knownBrand && brandSearch === knownBrand.name ? '' : brandSearch, 200);
  const brands = useQuery({ queryKey: ['brands', 'options', brandQuery], queryFn: () => fetchBrandOptions(brandQuery), enabled: opened, placeholderData: keepPreviousData });
  const categories = useQuery({ queryKey: ['categories', 'all'], queryFn: fetchAllCategories, enabled: opened });

  useEffect(() => {
    if (!opened) return;
    const p = existing.data;
    if (id === undefined) {
      form.setValues(EMPTY);
      setKnownBrand(null);
    } else if (p) {
      form.setValues({
        name: p.name, sku: p.sku, gtin: p.gtin ?? '', brand_id: p.brand_id === null ? null : String(p.brand_id), category_id: p.category_id === null ? null : String(p.category_id),
        usage_unit: p.usage_unit, purchase_unit: p.purchase_unit, units_per_purchase_unit: p.units_per_purchase_unit, purchase_price: p.purchase_price,
        tracks_lots: p.tracks_lots, description: p.description ?? '',
        successor: p.succession.successor, succession_date: p.succession.succession_date ?? todayDay(),
        // The stored factor has six places (0.500000): shown as typed (0.5).
        succession_factor: p.succession.succession_factor != null ? String(Number(p.succession.succession_factor)) : 1,
      });
      setKnownBrand(p.brand_id !== null && p.brand_name ? { id: p.brand_id, name: p.brand_name } : null);
    }
    setBrandSearch('');
    form.clearErrors();
    // form is stable; reset only when the dialog opens or the record arrives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, id, existing.data]);

  const brandData = useMemo(() => {
    const list = (brands.data ?? []).map((b) => ({ value: String(b.id), label: b.status === 'active' ? b.name : `${b.name} (${t('status.inactive')})` }));
    if (knownBrand && !list.some((o) => o.value === String(knownBrand.id))) list.unshift({ value: String(knownBrand.id), label: knownBrand.name });
    return list;
  }, [brands.data, knownBrand, t]);
  const categoryData = useMemo(
    () => (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.status === 'active' ? c.path : `${c.path} (${t('status.inactive')})` })),
    [categories.data, t],
  );

  const values = form.getValues();
  const gtin = cleanGtin(values.gtin);
  const gtinHint = gtin !== '' && !isValidGtin(gtin) ? t('products.gtinHint') : null;
  const unitCost = unitCostOf(String(values.purchase_price), Number(values.units_per_purchase_unit));

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      productBodySchema,
      (v: Values) => ({
        name: v.name,
        sku: v.sku,
        gtin: cleanGtin(v.gtin) || null,
        brand_id: v.brand_id ? Number(v.brand_id) : null,
        category_id: v.category_id ? Number(v.category_id) : null,
        usage_unit: v.usage_unit as Unit,
        purchase_unit: v.purchase_unit as Unit,
        units_per_purchase_unit: Number(v.units_per_purchase_unit),
        purchase_price: String(v.purchase_price),
        tracks_lots: v.tracks_lots,
        description: v.description.trim() || null,
        ...successionBody(v),
      }),
      (body) => saveProduct(body, id),
    ),
    afterSave(t(id === undefined ? 'products.created' : 'products.saved'), ['product', 'products'], onClose),
  );

  /** The purchase and the usage unit: a third of the row each, picked from the same units. */
  const unitColumn = (field: 'purchase_unit' | 'usage_unit', label: string, testId: string) => (
    <Grid.Col span={{ base: 12, sm: 4 }}>
      <Select label={label} data={units} searchable allowDeselect={false} required nothingFoundMessage={t('table.noOptions')} data-testid={testId} {...form.getInputProps(field)} />
    </Grid.Col>
  );

  return (
    <FormModal opened={opened} onClose={onClose} size="xl" title={t(id === undefined ? 'products.createTitle' : 'products.editTitle')} testId="product-form-modal" formTestId="product-form" onSubmit={onSubmit} message={message} errorTestId="product-form-error"
      after={
        id !== undefined && existing.data ? (
          // Sections a heading's space apart: the succession's last button does not touch the Suppliers heading.
          <Stack gap="xl">
            <ProductSuccessionSection product={existing.data} onOpen={setId} />
            <ProductSuppliersSection productId={id} productName={existing.data.name} />
          </Stack>
        ) : null
      }>
      <TextInput label={t('products.fields.name')} required data-autofocus data-testid="product-name" {...form.getInputProps('name')} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('products.fields.sku')} description={t('products.fields.skuHint')} required autoComplete="off" data-testid="product-sku" {...form.getInputProps('sku')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('products.fields.gtin')}
            description={gtinHint ?? t('products.fields.gtinDescription')}
            inputMode="numeric"
            autoComplete="off"
            data-testid="product-gtin"
            styles={gtinHint ? { description: { color: 'var(--mantine-color-orange-8)' } } : undefined}
            {...form.getInputProps('gtin')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label={t('products.fields.brand')}
            data={brandData}
            searchable
            clearable
            searchValue={brandSearch}
            onSearchChange={setBrandSearch}
            filter={({ options }) => options}
            nothingFoundMessage={t('table.noOptions')}
            data-testid="product-brand"
            {...form.getInputProps('brand_id')}
            onChange={(value: string | null, option: ComboboxItem | null) => {
              form.setValues({ brand_id: value });
              setKnownBrand(value && option ? { id: Number(value), name: option.label } : null);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label={t('products.fields.category')} data={categoryData} searchable clearable nothingFoundMessage={t('table.noOptions')} data-testid="product-category" {...form.getInputProps('category_id')} />
        </Grid.Col>
        {unitColumn('purchase_unit', t('products.fields.purchaseUnit'), 'product-purchase-unit')}
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DecimalInput
            label={t('products.fields.unitsPerPurchaseUnit')}
            min={1}
            max={1_000_000}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            required
            data-testid="product-units-per-purchase-unit"
            {...form.getInputProps('units_per_purchase_unit')}
          />
        </Grid.Col>
        {unitColumn('usage_unit', t('products.fields.usageUnit'), 'product-usage-unit')}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NumberInput
            label={t('products.fields.purchasePrice')}
            description={t('products.fields.purchasePriceHint', { unit: unitLabel(values.purchase_unit) })}
            hideControls
            required
            data-testid="product-purchase-price"
            {...form.getInputProps('purchase_price')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap={2} justify="center" h="100%">
            <Text size="sm" fw={500}>
              {t('products.fields.unitCost')}
            </Text>
            <Text size="lg" fw={650} data-testid="product-unit-cost">
              {unitCost === null ? '—' : t('products.perUnit', { cost: money(unitCost, { perUnit: true }), unit: unitLabel(values.usage_unit) })}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
      <Switch label={t('products.fields.tracksLots')} description={t('products.fields.tracksLotsHint')} data-testid="product-tracks-lots" {...form.getInputProps('tracks_lots', { type: 'checkbox' })} />
      <Textarea label={t('products.fields.description')} autosize minRows={2} maxRows={6} data-testid="product-description" {...form.getInputProps('description')} />
      <SuccessionFields form={form} productId={id} usageUnit={values.usage_unit} />
      <FormFooter submitLabel={t(id === undefined ? 'products.create' : 'common.save')} submitTestId="product-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
