import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconPrinter, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RestockLine } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { useRefreshLists } from '../../core/actions.ts';
import { toAppError } from '../../core/errors.ts';
import { notifyError, notifySuccess } from '../../core/notify.ts';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { useQuantity, useUnitLabel } from '../../ui/units.ts';
import { STOCK_QUERY_KEYS, decimalText } from '../inventory/index.ts';
import { LocationSelect } from '../locations/index.ts';
import { RESTOCK_QUERY_KEYS, fetchRestockList, restockLocation } from './restock.api.ts';

/**
 * /admin/restock: what to bring from the main store to each operatory (or other location) to bring it up to its par
 * levels — grouped by location, each line ticked with the quantity to bring (what the list proposes, or less), moved
 * with one button per location; printed on paper or followed on a phone (docs/locations.md#par-levels-and-restocking).
 */
export function RestockPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('routes.restock')}
        description={t('restock.subtitle')}
        actions={
          <Button variant="default" mih={44} leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} data-testid="restock-print" data-print-hide>
            {t('restock.print')}
          </Button>
        }
      />
      <PracticeRequired>{(practice) => <Restock key={practice.id} practiceId={practice.id} />}</PracticeRequired>
    </>
  );
}

const keyOf = (line: Pick<RestockLine, 'location_id' | 'product_id'>) => `${line.location_id}:${line.product_id}`;

interface Group {
  locationId: number;
  name: string;
  lines: RestockLine[];
}

function Restock({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const canMove = ability.can('update', 'Inventory');
  const refreshLists = useRefreshLists();
  const [locationId, setLocationId] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['restock', practiceId, locationId], queryFn: () => fetchRestockList(practiceId, locationId ? Number(locationId) : null) });
  // What is ticked and how much: the list's proposal until the user changes it.
  const [picked, setPicked] = useState<Record<string, boolean>>({});
  const [quantities, setQuantities] = useState<Record<string, string | number>>({});
  const [moving, setMoving] = useState<number | null>(null);
  useEffect(() => {
    if (!list.data) return;
    setPicked(Object.fromEntries(list.data.lines.map((line) => [keyOf(line), Number(line.bring) > 0])));
    setQuantities(Object.fromEntries(list.data.lines.map((line) => [keyOf(line), Number(line.bring)])));
  }, [list.data]);

  const groups = useMemo(() => {
    const out: Group[] = [];
    for (const line of list.data?.lines ?? []) {
      const last = out[out.length - 1];
      if (last && last.locationId === line.location_id) last.lines.push(line);
      else out.push({ locationId: line.location_id, name: line.location_name, lines: [line] });
    }
    return out;
  }, [list.data]);

  const move = async (group: Group) => {
    const lines = group.lines
      .filter((line) => picked[keyOf(line)] && Number(decimalText(quantities[keyOf(line)] ?? 0)) > 0)
      .map((line) => ({ product_id: line.product_id, quantity: decimalText(quantities[keyOf(line)]) }));
    if (lines.length === 0) {
      notifyError(t('restock.nothingPicked'));
      return;
    }
    setMoving(group.locationId);
    try {
      const result = await restockLocation({ dental_practice_id: practiceId, location_id: group.locationId, lines });
      notifySuccess(t('restock.moved', { count: result.moved.length, location: result.location_name }));
      await refreshLists([...RESTOCK_QUERY_KEYS, ...STOCK_QUERY_KEYS, 'storage-locations']);
    } catch (error) {
      notifyError(toAppError(error, t).message);
    } finally {
      setMoving(null);
    }
  };

  return (
    <Stack gap="lg" maw={760} data-testid="restock">
      <Group align="flex-end" gap="sm" wrap="wrap" data-print-hide>
        <LocationSelect
          practiceId={practiceId}
          label={t('restock.location')}
          emptyLabel={t('restock.allLocations')}
          exclude={list.data?.main_store.id ?? null}
          value={locationId}
          onChange={setLocationId}
          testId="restock-location"
        />
      </Group>
      {list.data ? (
        <Text size="sm" c="dimmed">
          {t('restock.from', { name: list.data.main_store.name })}
        </Text>
      ) : null}
      {list.isPending ? <Loader size="sm" /> : null}
      {list.isError ? (
        <Alert color="red" variant="light">
          {toAppError(list.error, t).message}
        </Alert>
      ) : null}
      {list.data && groups.length === 0 ? (
        <Alert color="teal" variant="light" data-testid="restock-empty">
          {t('restock.empty')}
        </Alert>
      ) : null}
      {groups.map((group) => (
        <Paper key={group.locationId} withBorder radius="lg" p={{ base: 'sm', xs: 'lg' }} className="restock-group" data-testid="restock-group" data-location={group.name}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={2} fz="lg">
                {group.name}
              </Title>
              <Button component={Link} to={`/admin/storage-locations/${group.locationId}/par-levels`} variant="subtle" size="sm" mih={44} data-print-hide data-testid="restock-par-levels">
                {t('parLevels.open')}
              </Button>
            </Group>
            {group.lines.map((line) => (
              <RestockLineRow
                key={keyOf(line)}
                line={line}
                picked={picked[keyOf(line)] ?? false}
                quantity={quantities[keyOf(line)] ?? ''}
                disabled={!canMove}
                onPick={(value) => setPicked((before) => ({ ...before, [keyOf(line)]: value }))}
                onQuantity={(value) => setQuantities((before) => ({ ...before, [keyOf(line)]: value }))}
              />
            ))}
            {canMove ? (
              <Button
                mih={48}
                fullWidth
                leftSection={<IconTruckDelivery size={18} aria-hidden />}
                loading={moving === group.locationId}
                disabled={moving !== null && moving !== group.locationId}
                onClick={() => void move(group)}
                data-print-hide
                data-testid="restock-move"
              >
                {t('restock.move', { location: group.name })}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function RestockLineRow({ line, picked, quantity, disabled, onPick, onQuantity }: {
  line: RestockLine;
  picked: boolean;
  quantity: string | number;
  disabled: boolean;
  onPick: (value: boolean) => void;
  onQuantity: (value: string | number) => void;
}) {
  const { t } = useTranslation();
  const quantityText = useQuantity();
  const unitLabel = useUnitLabel();
  const unit = unitLabel(line.usage_unit, line.bring);
  const nothingThere = Number(line.available) <= 0;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="restock-line" data-product={line.product_name}>
      <Stack gap="xs">
        <Checkbox.Card
          radius="md"
          checked={picked}
          onChange={onPick}
          disabled={disabled || nothingThere}
          aria-label={t('restock.pick', { product: line.product_name })}
          mih={44}
          p="xs"
          withBorder={false}
          data-testid="restock-pick"
        >
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <Checkbox.Indicator disabled={disabled || nothingThere} mt={2} />
            <Stack gap={2}>
              <Text fw={600} data-testid="restock-product">
                {line.product_name}
              </Text>
              <Text size="sm" c="dimmed" data-testid="restock-figures">
                {t('restock.figures', {
                  par: quantityText(line.par_quantity),
                  there: quantityText(line.on_hand),
                  shortfall: quantityText(line.shortfall),
                  available: quantityText(line.available),
                  unit: unitLabel(line.usage_unit, line.shortfall),
                })}
              </Text>
            </Stack>
          </Group>
        </Checkbox.Card>
        {nothingThere ? (
          <Text size="sm" c="red.8" data-testid="restock-none">
            {t('restock.noneInStore')}
          </Text>
        ) : (
          <DecimalInput
            label={t('restock.bring', { unit })}
            value={quantity}
            onChange={onQuantity}
            max={Number(line.available)}
            disabled={disabled || !picked}
            inputMode="decimal"
            size="md"
            hideControls
            data-testid="restock-quantity"
          />
        )}
      </Stack>
    </Paper>
  );
}
