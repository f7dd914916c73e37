import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { useRefreshLists } from '../../core/actions.ts';
import { toAppError } from '../../core/errors.ts';
import { notifyError, notifySuccess } from '../../core/notify.ts';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useQuantity, useUnitLabel } from '../../ui/units.ts';
import { StockProductPicker, decimalText } from '../inventory/index.ts';
import { fetchStorageLocation } from '../locations/index.ts';
import { RESTOCK_QUERY_KEYS, fetchParLevels, removeParLevel, setParLevel, type LocationParLevelRow } from './restock.api.ts';

interface Picked {
  id: number;
  name: string;
  usage_unit: string;
}

/**
 * /admin/storage-locations/:id/par-levels: how much of each product a location (an operatory) should hold. A product
 * searched or scanned and its par in usage units; setting it again replaces it. The restock list reads them.
 */
export function ParLevelsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const location = useQuery({ queryKey: ['storage-location', id], queryFn: () => fetchStorageLocation(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <>
      <PageHeader
        title={location.data ? t('parLevels.title', { location: location.data.name }) : t('routes.parLevels')}
        description={t('parLevels.subtitle')}
        actions={
          <Button component={Link} to="/admin/restock" variant="default" mih={44} data-testid="par-to-restock">
            {t('parLevels.toRestock')}
          </Button>
        }
      />
      {location.isPending && Number.isInteger(id) && id > 0 ? <Loader size="sm" /> : null}
      {location.isError || !(Number.isInteger(id) && id > 0) ? (
        <Alert color="red" variant="light">
          {t('parLevels.notFound')}
        </Alert>
      ) : null}
      {location.data?.is_main ? (
        <Alert color="gray" variant="light" data-testid="par-main-store">
          {t('parLevels.mainStore')}
        </Alert>
      ) : location.data ? (
        <ParLevels locationId={id} practiceId={location.data.dental_practice_id} />
      ) : null}
    </>
  );
}

function ParLevels({ locationId, practiceId }: { locationId: number; practiceId: number }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const canEdit = ability.can('update', 'Inventory');
  const refreshLists = useRefreshLists();
  const quantityText = useQuantity();
  const unitLabel = useUnitLabel();
  const pars = useQuery({ queryKey: ['location-par-levels', locationId], queryFn: () => fetchParLevels(locationId) });
  const [product, setProduct] = useState<Picked | null>(null);
  const [quantity, setQuantity] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A new picker (focused) after each save: the next scan goes straight in.
  const [round, setRound] = useState(0);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!product) return setError(t('inventory.validation.product'));
    if (!(Number(decimalText(quantity)) > 0)) return setError(t('inventory.validation.positive'));
    setSaving(true);
    setError(null);
    try {
      await setParLevel({ location_id: locationId, product_id: product.id, par_quantity: decimalText(quantity) });
      notifySuccess(t('parLevels.saved', { product: product.name }));
      setProduct(null);
      setQuantity('');
      setRound((n) => n + 1);
      await refreshLists(RESTOCK_QUERY_KEYS);
    } catch (caught) {
      setError(toAppError(caught, t).message);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (row: LocationParLevelRow) => {
    try {
      await removeParLevel(row.id);
      notifySuccess(t('parLevels.removed', { product: row.product_name }));
      await refreshLists(RESTOCK_QUERY_KEYS);
    } catch (caught) {
      notifyError(toAppError(caught, t).message);
    }
  };

  return (
    <Stack gap="lg" maw={640} data-testid="par-levels">
      {canEdit ? (
        <Paper withBorder radius="lg" p={{ base: 'sm', xs: 'lg' }}>
          <form onSubmit={(event) => void save(event)} noValidate data-testid="par-form">
            <Stack gap="md">
              {product ? (
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600} data-testid="par-product-name">
                    {product.name}
                  </Text>
                  <Button variant="subtle" size="sm" mih={44} onClick={() => setProduct(null)} data-testid="par-product-change">
                    {t('parLevels.changeProduct')}
                  </Button>
                </Group>
              ) : (
                <StockProductPicker key={round} practiceId={practiceId} label={t('inventory.scanOrSearch')} onPick={(hit) => setProduct({ id: hit.id, name: hit.name, usage_unit: hit.usage_unit })} testId="par-product" />
              )}
              <DecimalInput
                label={product ? t('parLevels.parIn', { unit: unitLabel(product.usage_unit) }) : t('parLevels.par')}
                required
                inputMode="decimal"
                size="md"
                value={quantity}
                onChange={setQuantity}
                hideControls
                data-testid="par-quantity"
              />
              {error ? (
                <Text c="red.8" size="sm" role="alert" data-testid="par-error">
                  {error}
                </Text>
              ) : null}
              <Button type="submit" mih={48} fullWidth loading={saving} leftSection={<IconCheck size={18} aria-hidden />} data-testid="par-submit">
                {t('parLevels.set')}
              </Button>
            </Stack>
          </form>
        </Paper>
      ) : null}
      <Stack gap="xs">
        <Title order={2} fz="md">
          {t('parLevels.current')}
        </Title>
        {pars.data && pars.data.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="par-none">
            {t('parLevels.none')}
          </Text>
        ) : null}
        {(pars.data ?? []).map((row) => (
          <Paper key={row.id} withBorder radius="md" p="sm" data-testid="par-row" data-product={row.product_name}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0}>
                <Text fw={600}>{row.product_name}</Text>
                <Text size="sm" c="dimmed" data-testid="par-row-figures">
                  {t('parLevels.rowFigures', { par: quantityText(row.par_quantity), there: quantityText(row.on_hand), unit: unitLabel(row.usage_unit, row.par_quantity) })}
                </Text>
              </Stack>
              {canEdit ? (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size={44}
                    aria-label={t('parLevels.edit', { product: row.product_name })}
                    onClick={() => {
                      setProduct({ id: row.product_id, name: row.product_name, usage_unit: row.usage_unit });
                      setQuantity(Number(row.par_quantity));
                    }}
                    data-testid="par-edit"
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red.8" size={44} aria-label={t('parLevels.remove', { product: row.product_name })} onClick={() => void remove(row)} data-testid="par-remove">
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              ) : null}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
