import { Alert, List, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDay } from '../inventory/index.ts';
import { useQuantity } from '../../ui/units.ts';
import { fetchReasoning, type OrderSuggestionReasoning } from './replenishment.api.ts';
import { Figure } from '../../ui/DetailField.tsx';


/** Why a product is suggested: the levels and where they come from, the position, the forecast figures and the arithmetic in words. */
export function ReasoningModal({ practiceId, inventoryId, title, onClose }: { practiceId: number; inventoryId: number | null; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const reasoning = useQuery({ queryKey: ['replenishment', 'reasoning', practiceId, inventoryId], queryFn: () => fetchReasoning(inventoryId!, practiceId), enabled: inventoryId !== null });
  return (
    <Modal opened={inventoryId !== null} onClose={onClose} title={<Text fw={600}>{t('replenishment.reasoningTitle', { name: title })}</Text>} size="lg" centered data-testid="reasoning-dialog">
      {reasoning.isPending ? <Loader size="sm" aria-label={t('common.loading')} /> : reasoning.data ? <ReasoningBody r={reasoning.data} /> : <Alert color="red">{t('errors.internal')}</Alert>}
    </Modal>
  );
}

function ReasoningBody({ r }: { r: OrderSuggestionReasoning }) {
  const { t } = useTranslation();
  const quantity = useQuantity();
  const day = useDay();
  const number = (x: number | null, digits = 2) => (x === null ? '—' : quantity(x.toFixed(digits)));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure label={t('replenishment.fields.onHand')} value={quantity(r.on_hand)} />
        <Figure label={t('replenishment.fields.onOrderDraft')} value={quantity(r.on_order_in_draft)} />
        <Figure label={t('replenishment.fields.onOrderSent')} value={quantity(r.on_order_sent)} />
        <Figure label={t('replenishment.fields.reorderPoint')} value={quantity(r.reorder_point)} />
        <Figure label={t('replenishment.fields.orderUpTo')} value={quantity(r.order_up_to)} />
        <Figure label={t('replenishment.fields.levelSource')} value={t(`replenishment.levelSources.${r.level_source}`)} />
        <Figure label={t('replenishment.fields.leadTime')} value={t('replenishment.days', { count: r.lead_time_days })} />
        <Figure label={t('replenishment.fields.reviewPeriod')} value={t('replenishment.days', { count: r.review_period_days })} />
        <Figure
          label={t('replenishment.fields.serviceLevel')}
          value={
            Math.abs(r.service_level - r.practice_service_level) < 0.0005
              ? `${quantity((r.service_level * 100).toFixed(1))} %`
              : t('levels.figures.serviceLevelOfPractice', { level: `${quantity((r.service_level * 100).toFixed(1))} %`, practice: `${quantity((r.practice_service_level * 100).toFixed(1))} %` })
          }
        />
        <Figure label={t('replenishment.fields.meanLeadTimeDemand')} value={number(r.mean_lead_time_demand)} />
        <Figure label={t('replenishment.fields.safetyStock')} value={number(r.safety_stock)} />
        <Figure label={t('replenishment.fields.run')} value={r.run_id === null ? t('replenishment.noRun') : `#${r.run_id} · ${day(r.run_date)}`} />
      </SimpleGrid>
      {r.fallback ? (
        <Alert color="yellow" data-testid="reasoning-fallback">
          {t(`replenishment.fallbacks.${r.fallback}`)}
        </Alert>
      ) : null}
      <div>
        <Text fw={600} size="sm" mb={4}>
          {t('replenishment.arithmetic')}
        </Text>
        <List type="ordered" spacing={4} size="sm" data-testid="reasoning-steps">
          {r.steps.map((step, i) => (
            <List.Item key={`${step.key}-${i}`}>
              {t(`replenishment.steps.${step.key}`, {
                ...step.values,
                reason: step.values.reason ? t(`replenishment.fallbacks.${String(step.values.reason)}`) : '',
                date: step.values.date ? day(String(step.values.date)) : '',
                orderByDate: step.values.orderByDate ? day(String(step.values.orderByDate)) : '',
              })}
            </List.Item>
          ))}
        </List>
      </div>
    </Stack>
  );
}
