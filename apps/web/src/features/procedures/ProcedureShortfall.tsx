import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUnitLabel, useQuantity } from '../../ui/units.ts';
import type { Shortfall } from './items.ts';

/** "Composite A2: 3 needed, 2 available (1 each short)" for each line. */
export function useShortfallLines() {
  const { t } = useTranslation();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  return (items: Shortfall[]) =>
    items.map((s) => t('procedures.shortLine', { name: s.name, wanted: quantity(s.wanted), available: quantity(s.available), missing: quantity(s.missing), unit: unitLabel(s.usage_unit, s.missing) }));
}

/** The warning under the items when a completed procedure would take more than the practice has. */
export function ShortfallAlert({ items }: { items: Shortfall[] }) {
  const { t } = useTranslation();
  const lines = useShortfallLines()(items);
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t('procedures.shortTitle')} data-testid="procedure-shortfall">
      <Stack gap="xs">
        <Text size="sm">{t('procedures.shortText')}</Text>
        <List size="sm" spacing={2}>
          {lines.map((line, index) => (
            <List.Item key={items[index]!.product_id}>{line}</List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}
