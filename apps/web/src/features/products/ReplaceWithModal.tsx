import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { productSuccessionBodySchema } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { saveProductSuccessor, type ProductRow } from './product.api.ts';
import { SuccessionFields, successionBody, todayDay, type SuccessionValues } from './SuccessionFields.tsx';

/** "Replace with…" from the product list: the successor, the day (today unless changed) and the factor (1 unless changed), in one step. */
export function ReplaceWithModal({ product, onClose }: { product: ProductRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const form = useForm<SuccessionValues>({ initialValues: { successor: null, succession_date: todayDay(), succession_factor: 1 } });
  useEffect(() => {
    if (!product) return;
    form.setValues({ successor: null, succession_date: todayDay(), succession_factor: 1 });
    form.clearErrors();
    // reset only when another product is chosen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product?.id]);

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(productSuccessionBodySchema, (v: SuccessionValues) => successionBody(v), (body) => saveProductSuccessor(product!.id, body)),
    afterSave(t('products.succession.saved'), ['product', 'products'], onClose),
  );

  return (
    <FormModal opened={product !== null} onClose={onClose} size="lg" title={t('products.succession.replaceTitle', { name: product?.name ?? '' })} testId="replace-with-modal" formTestId="replace-with-form" onSubmit={onSubmit} message={message} errorTestId="replace-with-error">
      <Text size="sm" c="dimmed">
        {t('products.succession.replaceNote')}
      </Text>
      <SuccessionFields form={form} productId={product?.id} usageUnit={product?.usage_unit ?? 'each'} />
      <FormFooter submitLabel={t('products.succession.replace')} submitTestId="replace-with-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
