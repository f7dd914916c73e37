import { Alert, Button, Group, Input, SegmentedControl, SimpleGrid, Stack, Table } from '@mantine/core';
import { IconCopyCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POLICY_MODES, type PolicyModeName } from '@enamel/contracts';
import { useRunAction } from '../../core/actions.ts';
import { useFormat } from '../../core/format.ts';
import { DetailSection } from '../../ui/DetailSection.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { useQuantity, useUnitLabel } from '../../ui/units.ts';
import { STOCK_QUERY_KEYS, applySuggestions, updateInventory, type InventoryDetail } from './inventory.api.ts';
import { useDay } from './stock.ts';
import { Figure } from '../../ui/DetailField.tsx';

type Levels = Pick<
  InventoryDetail,
  'id' | 'dental_practice_id' | 'usage_unit' | 'reorder_point' | 'par_level' | 'location' | 'status' | 'policy_mode' | 'suggested_reorder_point' | 'suggested_order_up_to' | 'effective_reorder_point' | 'effective_order_up_to' | 'suggestion'
>;

/**
 * The inventory's reorder levels: typed, suggested by the latest forecast run and in use (docs/product-rules.md#reorder-levels),
 * the figures the suggestion came from or why there is none, and — for who may update — applying it and the policy mode.
 */
export function LevelsPanel({ inventory, canUpdate }: { inventory: Levels; canUpdate: boolean }) {
  const { t } = useTranslation();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  const format = useFormat();
  const day = useDay();
  const run = useRunAction();
  const [busy, setBusy] = useState(false);
  const unit = unitLabel(inventory.usage_unit);
  const figures = inventory.suggestion;
  const hasSuggestion = inventory.suggested_reorder_point !== null && inventory.suggested_order_up_to !== null;
  const amount = (value: string | number | null) => (value === null ? '—' : `${quantity(value)}\u00a0${unit}`);
  const editable = canUpdate && inventory.status === 'active';
  const percent = (x: number) => format.number(x, { style: 'percent', maximumFractionDigits: 1 });
  // The product's own level; the practice's beside it when the cost-aware share-out moved it (docs/product-rules.md#reorder-levels).
  const serviceLevelText = (f: NonNullable<typeof figures>) => {
    if (f.service_level === null) return '—';
    const practice = f.practice_service_level ?? null;
    return practice === null || Math.abs(practice - f.service_level) < 0.0005 ? percent(f.service_level) : t('levels.figures.serviceLevelOfPractice', { level: percent(f.service_level), practice: percent(practice) });
  };

  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run(call, done, STOCK_QUERY_KEYS);
    } finally {
      setBusy(false);
    }
  };
  const apply = () => act(() => applySuggestions({ dental_practice_id: inventory.dental_practice_id, inventory_ids: [inventory.id], mode: 'copy' }), t('levels.applied'));
  const setMode = (mode: PolicyModeName) =>
    act(() => updateInventory(inventory.id, { reorder_point: inventory.reorder_point, par_level: inventory.par_level, location: inventory.location, policy_mode: mode }), t('levels.modeSaved'));

  const rows = [
    { key: 'reorder-point', label: t('inventory.fields.reorderPoint'), typed: inventory.reorder_point, suggested: inventory.suggested_reorder_point, effective: inventory.effective_reorder_point },
    { key: 'order-up-to', label: t('levels.orderUpTo'), typed: inventory.par_level, suggested: inventory.suggested_order_up_to, effective: inventory.effective_order_up_to },
  ];
  const fallback = figures?.fallback ?? (figures ? null : 'no_run');

  return (
    <DetailSection title={t('levels.title')} note={t(`levels.modeNote.${inventory.policy_mode}`)}>
      <Stack gap="md" data-testid="levels-panel">
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder verticalSpacing="xs" data-testid="levels-table">
            <TableHead cells={[t('levels.level'), { label: t('levels.typed'), numeric: true }, { label: t('levels.suggested'), numeric: true }, { label: t('levels.inUse'), numeric: true }]} />
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key} data-testid={`levels-${row.key}`}>
                  <Table.Th scope="row" fw={500}>{row.label}</Table.Th>
                  <Table.Td ta="right" data-testid="levels-typed">{amount(row.typed)}</Table.Td>
                  <Table.Td ta="right" data-testid="levels-suggested">{amount(row.suggested)}</Table.Td>
                  <Table.Td ta="right" fw={600} data-testid="levels-effective">{amount(row.effective)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        {fallback ? (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />} data-testid="levels-fallback" data-reason={fallback}>
            {t(`levels.fallback.${fallback}`)}
          </Alert>
        ) : figures ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" data-testid="levels-figures">
            <Figure label={t('levels.figures.leadTimeDemand')} value={amount(figures.mean_lead_time_demand)} />
            <Figure label={t('levels.figures.cycleDemand')} value={amount(figures.mean_cycle_demand)} />
            <Figure label={t('levels.figures.safetyStock')} value={amount(figures.safety_stock)} />
            <Figure label={t('levels.figures.serviceLevel')} value={serviceLevelText(figures)} />
            <Figure label={t('levels.figures.leadTime')} value={`${t('levels.days', { count: figures.lead_time_days ?? 0 })}${figures.lead_time_source ? ` · ${t(`levels.leadTimeSource.${figures.lead_time_source}`)}` : ''}`} />
            <Figure label={t('levels.figures.reviewPeriod')} value={t('levels.days', { count: figures.review_period_days ?? 0 })} />
            <Figure label={t('levels.figures.distribution')} value={figures.distribution ? t(`levels.distribution.${figures.distribution}`) : '—'} />
            <Figure label={t('levels.figures.run')} value={figures.run_id === null ? '—' : t('levels.runOf', { id: figures.run_id, date: day(figures.run_date) })} />
          </SimpleGrid>
        ) : null}

        {editable ? (
          <Group justify="space-between" align="flex-end">
            <Input.Wrapper label={t('levels.policyMode')} description={t('levels.policyModeHint')} labelProps={{ id: 'levels-mode-label' }}>
              <SegmentedControl
                aria-labelledby="levels-mode-label"
                value={inventory.policy_mode}
                disabled={busy}
                onChange={(v) => void setMode(v)}
                data={POLICY_MODES.map((mode) => ({ value: mode, label: t(`levels.mode.${mode}`) }))}
                data-testid="levels-mode"
              />
            </Input.Wrapper>
            <Button leftSection={<IconCopyCheck size={16} />} variant="light" onClick={() => void apply()} disabled={!hasSuggestion || busy} data-testid="levels-apply">
              {t('levels.apply')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </DetailSection>
  );
}

