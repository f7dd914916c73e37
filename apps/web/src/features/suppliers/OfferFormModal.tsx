import { Grid, NumberInput, Select, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supplierOfferBodySchema, UNITS, type Unit } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { contractCall } from '../../ui/contractValidation.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { useUnitLabel } from '../../ui/units.ts';
import { fetchOffer, fetchSupplierOptions, offerLifecycle, saveOffer, searchOfferProducts } from './supplier.api.ts';

interface Values extends Record<string, unknown> {
  supplier_id: string | null;
  product_id: string | null;
  supplier_sku: string;
  purchase_unit: string;
  units_per_purchase_unit: number | string;
  price: number | string;
  minimum_order_quantity: number | string;
  lead_time_days: number | string;
  preferred: boolean;
}

/** What the dialog is opened for: a product's screen fixes the product, a supplier's the supplier. */
export interface OfferFixed {
  productId?: number;
  productName?: string;
  supplierId?: number;
}

/** Create (id undefined) or edit what a supplier sells a product as: SKU, pack, price in the supplier's currency, minimum order, lead time, preferred. */
export function OfferFormModal({ opened, id, fixed, onClose }: { opened: boolean; id?: number; fixed: OfferFixed; onClose: () => void }) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const unitLabel = useUnitLabel();
  const empty: Values = {
    supplier_id: fixed.supplierId === undefined ? null : String(fixed.supplierId),
    product_id: fixed.productId === undefined ? null : String(fixed.productId),
    supplier_sku: '', purchase_unit: 'box', units_per_purchase_unit: 1, price: '', minimum_order_quantity: 1, lead_time_days: '', preferred: false,
  };
  const form = useForm<Values>({ initialValues: empty });
  const existing = useQuery({ queryKey: ['supplier-offer', id], queryFn: () => fetchOffer(id!), enabled: opened && id !== undefined });
  const suppliers = useQuery({ queryKey: ['suppliers', 'all'], queryFn: fetchSupplierOptions, enabled: opened });

  // Products: searched on the server as the user types; the offer's own product always offered.
  const [productSearch, setProductSearch] = useState('');
  const [productQuery] = useDebouncedValue(productSearch.trim(), 200);
  const products = useQuery({
    queryKey: ['product', 'search', 'offer', productQuery],
    queryFn: ({ signal }) => searchOfferProducts(productQuery, signal),
    enabled: opened && fixed.productId === undefined && productQuery !== '',
    placeholderData: keepPreviousData,
  });

  useFormFill(
    form,
    () => {
      if (!opened) return undefined;
      if (id === undefined) return empty;
      const o = existing.data;
      return o
        ? {
            supplier_id: String(o.supplier_id), product_id: String(o.product_id), supplier_sku: o.supplier_sku ?? '', purchase_unit: o.purchase_unit,
            units_per_purchase_unit: o.units_per_purchase_unit, price: o.price, minimum_order_quantity: o.minimum_order_quantity, lead_time_days: o.lead_time_days ?? '', preferred: o.preferred,
          }
        : undefined;
    },
    [opened, id, existing.data],
  );

  const values = form.getValues();
  const supplier = suppliers.data?.find((s) => String(s.id) === values.supplier_id);
  const supplierData = useMemo(
    () => (suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.status === 'active' ? `${s.name} · ${s.currency}` : `${s.name} (${t('status.inactive')})` })),
    [suppliers.data, t],
  );
  const productData = useMemo(() => {
    const list = (products.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.sku}` }));
    const own = existing.data;
    if (own && !list.some((o) => o.value === String(own.product_id))) list.unshift({ value: String(own.product_id), label: `${own.product_name} · ${own.product_sku}` });
    return list;
  }, [products.data, existing.data]);
  const unitData = useMemo(() => UNITS.map((value) => ({ value, label: unitLabel(value) })), [unitLabel]);

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      supplierOfferBodySchema,
      (v: Values) => ({
        supplier_id: Number(v.supplier_id ?? 0),
        product_id: Number(v.product_id ?? 0),
        supplier_sku: v.supplier_sku.trim() || null,
        purchase_unit: v.purchase_unit as Unit,
        units_per_purchase_unit: String(v.units_per_purchase_unit),
        price: String(v.price),
        minimum_order_quantity: v.minimum_order_quantity === '' ? 1 : Number(v.minimum_order_quantity),
        lead_time_days: v.lead_time_days === '' ? null : Number(v.lead_time_days),
        preferred: v.preferred,
        // The price is typed in the supplier's currency: say so, so the server refuses a mismatch instead of guessing.
        ...(supplier ? { currency: supplier.currency } : {}),
      }),
      (body) => saveOffer(body, id),
    ),
    afterSave(t(id === undefined ? 'suppliers.offers.created' : 'suppliers.offers.saved'), offerLifecycle.refresh, onClose),
  );

  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t(id === undefined ? 'suppliers.offers.createTitle' : 'suppliers.offers.editTitle')} testId="offer-form-modal" formTestId="offer-form" onSubmit={onSubmit} message={message}>
      {fixed.productId !== undefined ? (
        <div>
          <Text size="sm" fw={500}>
            {t('suppliers.offers.fields.product')}
          </Text>
          <Text data-testid="offer-product-name">{fixed.productName ?? existing.data?.product_name ?? ''}</Text>
          {form.errors.product_id ? (
            <Text size="sm" c="red.8" role="alert" data-testid="offer-product-error">
              {form.errors.product_id}
            </Text>
          ) : null}
        </div>
      ) : (
        <Select
          label={t('suppliers.offers.fields.product')}
          placeholder={t('suppliers.offers.productPlaceholder')}
          data={productData}
          searchable
          searchValue={productSearch}
          onSearchChange={setProductSearch}
          filter={({ options }) => options}
          nothingFoundMessage={productQuery === '' ? t('suppliers.offers.typeToSearch') : t('table.noOptions')}
          required
          data-testid="offer-product"
          {...form.getInputProps('product_id')}
        />
      )}
      <Select
        label={t('suppliers.offers.fields.supplier')}
        data={supplierData}
        searchable
        allowDeselect={false}
        required
        disabled={fixed.supplierId !== undefined}
        nothingFoundMessage={t('table.noOptions')}
        data-autofocus
        data-testid="offer-supplier"
        {...form.getInputProps('supplier_id')}
      />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('suppliers.offers.fields.supplierSku')} autoComplete="off" data-testid="offer-supplier-sku" {...form.getInputProps('supplier_sku')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label={t('suppliers.offers.fields.purchaseUnit')} data={unitData} searchable allowDeselect={false} required nothingFoundMessage={t('table.noOptions')} data-testid="offer-purchase-unit" {...form.getInputProps('purchase_unit')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DecimalInput label={t('suppliers.offers.fields.unitsPerPurchaseUnit')} required data-testid="offer-units-per-purchase-unit" {...form.getInputProps('units_per_purchase_unit')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DecimalInput
            label={t('suppliers.offers.fields.price')}
            description={supplier ? t('suppliers.offers.priceHint', { unit: unitLabel(values.purchase_unit), currency: supplier.currency }) : undefined}
            required
            data-testid="offer-price"
            {...form.getInputProps('price')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NumberInput label={t('suppliers.offers.fields.minimumOrderQuantity')} min={1} allowDecimal={false} allowNegative={false} data-testid="offer-moq" {...form.getInputProps('minimum_order_quantity')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NumberInput
            label={t('suppliers.offers.fields.leadTimeDays')}
            description={supplier ? t('suppliers.offers.leadTimeHint', { count: supplier.lead_time_days }) : undefined}
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            data-testid="offer-lead-time"
            {...form.getInputProps('lead_time_days')}
          />
        </Grid.Col>
      </Grid>
      <Switch label={t('suppliers.offers.fields.preferred')} description={t('suppliers.offers.preferredHint')} data-testid="offer-preferred" {...form.getInputProps('preferred', { type: 'checkbox' })} />
      <FormFooter submitLabel={t(id === undefined ? 'suppliers.offers.create' : 'common.save')} submitTestId="offer-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
