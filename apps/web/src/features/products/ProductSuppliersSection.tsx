import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../core/abilities.ts';
import { DetailSection } from '../../ui/DetailSection.tsx';
import { OffersTable } from '../suppliers/index.ts';

/** The product screen's Suppliers section: who sells the product, as what pack and at what price; shown to those who may read suppliers. */
export function ProductSuppliersSection({ productId, productName }: { productId: number; productName: string }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  if (!ability.can('read', 'Supplier')) return null;
  return (
    <section data-testid="product-suppliers">
      <DetailSection title={t('suppliers.offers.productTitle')} note={t('suppliers.offers.productNote')}>
        <OffersTable productId={productId} productName={productName} />
      </DetailSection>
    </section>
  );
}
