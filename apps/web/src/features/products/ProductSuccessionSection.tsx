import { useAbility } from '@casl/react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ProductDetail } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { useRefreshLists } from '../../core/actions.ts';
import { toAppError } from '../../core/errors.ts';
import { useFormat } from '../../core/format.ts';
import { notifyError, notifySuccess } from '../../core/notify.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DetailSection } from '../../ui/DetailSection.tsx';
import { switchTemplatesToSuccessor } from './product.api.ts';

/**
 * The product screen's Succession section: who replaces the product and from when, whom it replaces (each a link that
 * opens that product), and the switch of the procedure templates that still name it to its successor.
 */
export function ProductSuccessionSection({ product, onOpen }: { product: ProductDetail; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const ability = useAbility<AppAbility>();
  const refresh = useRefreshLists();
  const [confirming, setConfirming] = useState(false);
  const { successor, succession_date: date, predecessors, templates_count: templates } = product.succession;
  if (!successor && predecessors.length === 0) return null;
  const day = (d: string) => format.dateTime(`${d}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
  // The translation holds the product's name inside <product>…</product>: the link.
  const link = (p: { id: number }, testId: string) => <Anchor component="button" type="button" fz="sm" onClick={() => onOpen(p.id)} data-testid={testId} />;
  async function switchTemplates() {
    try {
      const result = await switchTemplatesToSuccessor(product.id);
      notifySuccess(t('products.succession.switched', { count: result.switched }));
      await refresh(['product', 'procedure-template', 'procedure-templates']);
    } catch (error) {
      // A 422 says why on its field (no successor, or a converted quantity too large for a template line).
      const appError = toAppError(error, t);
      notifyError(Object.values(appError.fieldErrors).flat().join(' ') || appError.message);
    }
  }
  return (
    <section data-testid="product-succession">
      <DetailSection title={t('products.succession.title')}>
        <Stack gap="xs">
          {successor ? (
            <Text size="sm" data-testid="product-replaced-by">
              <Trans i18nKey="products.succession.replacedBy" values={{ name: successor.name, date: day(date!) }} components={{ product: link(successor, 'product-successor-link') }} />
            </Text>
          ) : null}
          {predecessors.map((p) => (
            <Text size="sm" key={p.id} data-testid="product-replaces">
              <Trans i18nKey="products.succession.replaces" values={{ name: p.name, date: day(p.succession_date) }} components={{ product: link(p, 'product-predecessor-link') }} />
            </Text>
          ))}
          {successor && templates > 0 && ability.can('update', 'ProcedureTemplate') ? (
            <div>
              <Button variant="light" onClick={() => setConfirming(true)} data-testid="product-switch-templates">
                {t('products.succession.switch', { count: templates, name: successor.name })}
              </Button>
            </div>
          ) : null}
        </Stack>
      </DetailSection>
      {successor ? (
        <ConfirmDialog
          opened={confirming}
          title={t('products.succession.switchTitle', { count: templates })}
          message={t('products.succession.switchMessage', { count: templates, name: product.name, successor: successor.name, factor: String(Number(product.succession.succession_factor ?? '1')) })}
          confirmLabel={t('products.succession.switchConfirm')}
          onConfirm={switchTemplates}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
