import { Badge, Button, Card, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconAdjustments, IconArrowsExchange, IconArrowsMove, IconPackageImport, IconSettings, IconTrashX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../core/abilities.ts';
import { useFormat } from '../../core/format.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired, useLeaveOnPracticeChange } from '../../ui/PracticeRequired.tsx';
import { RecordNotFound } from '../../ui/RecordNotFound.tsx';
import { useRouteRecord } from '../../ui/useRouteRecord.ts';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { usePackaging, useUnitLabel, useQuantity, useQuantityWithUnit } from '../../ui/units.ts';
import { fetchInventory, type InventoryDetail } from './inventory.api.ts';
import { useOnHandText } from './InventoryListPage.tsx';
import { LevelsPanel } from './LevelsPanel.tsx';
import { MovementsTable } from './MovementsTable.tsx';
import { EXPIRY_COLORS, useDay, useStockMoney } from './stock.ts';
import { StockDialogs, StockStatusBadge, type StockDialog } from './StockDialogs.tsx';
import { DetailSection } from '../../ui/DetailSection.tsx';
import { EmptyTableRow } from '../../ui/EmptyTableRow.tsx';
import { TableHead } from '../../ui/TableHead.tsx';

const LIST = '/admin/list/inventories';

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} mt={4} component="div">
        {children}
      </Text>
    </Card>
  );
}

/** /admin/inventories/{id}: one product's stock in the selected practice: lots, and the ledger's movements. */
export function InventoryDetailPage() {
  // The record belongs to the practice that was selected: another practice means back to its list.
  useLeaveOnPracticeChange(LIST);
  return <PracticeRequired>{(practice) => <InventoryDetail practiceId={practice.id} />}</PracticeRequired>;
}

function InventoryDetail({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const { query: detail, missing } = useRouteRecord('inventory', fetchInventory);
  const [dialog, setDialog] = useState<StockDialog>(null);

  if (missing) return <RecordNotFound title={t('inventory.detailTitle')} message={t('inventory.notFound')} testId="inventory-load-error" />;
  const inventory = detail.data;
  if (!inventory) return <Loader size="sm" />;
  const canUpdate = ability.can('update', 'Inventory');

  return (
    <>
      <PageHeader
        title={inventory.product_name}
        description={[inventory.sku, inventory.brand_name, inventory.category_name].filter(Boolean).join(' · ')}
        actions={
          canUpdate ? (
            <>
              <Button leftSection={<IconPackageImport size={16} />} onClick={() => setDialog({ kind: 'receive', product: { id: inventory.product_id, sku: inventory.sku } })} data-testid="detail-receive">
                {t('inventory.receive')}
              </Button>
              <Button variant="light" leftSection={<IconAdjustments size={16} />} onClick={() => setDialog({ kind: 'adjust', inventory })} data-testid="detail-adjust">
                {t('inventory.countAdjust')}
              </Button>
              <Button variant="light" leftSection={<IconArrowsExchange size={16} />} onClick={() => setDialog({ kind: 'transfer', inventory })} disabled={Number(inventory.on_hand) <= 0} data-testid="detail-transfer">
                {t('inventory.transferAction')}
              </Button>
              <Button variant="light" leftSection={<IconArrowsMove size={16} />} onClick={() => setDialog({ kind: 'move', inventory })} disabled={Number(inventory.on_hand) <= 0} data-testid="detail-move">
                {t('locations.moveAction')}
              </Button>
              <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setDialog({ kind: 'settings', inventory })} data-testid="detail-settings">
                {t('inventory.settings')}
              </Button>
            </>
          ) : null
        }
      />
      <DetailBody inventory={inventory} canUpdate={canUpdate} onDialog={setDialog} />
      <StockDialogs practiceId={practiceId} dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

function DetailBody({ inventory, canUpdate, onDialog }: { inventory: InventoryDetail; canUpdate: boolean; onDialog: (d: StockDialog) => void }) {
  const { t } = useTranslation();
  const money = useStockMoney();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  const packaging = usePackaging();
  const format = useFormat();
  const day = useDay();
  const onHand = useOnHandText();
  const withUnit = useQuantityWithUnit();
  const unit = unitLabel(inventory.usage_unit);
  const nearest = inventory.nearest_expiry_state;

  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Stat label={t('inventory.fields.onHand')} testId="detail-on-hand">
          {onHand(inventory)}
        </Stat>
        <Stat label={t('inventory.fields.value')}>{money(inventory.value)}</Stat>
        <Stat label={t('inventory.fields.nearestExpiry')}>
          {nearest ? <Text c={EXPIRY_COLORS[nearest]} fw={600} span>{day(inventory.nearest_expiry)}</Text> : '—'}
        </Stat>
        <Stat label={t('inventory.fields.stockStatus')}>
          <StockStatusBadge status={inventory.stock_status} />
          {inventory.status !== 'active' ? (
            <Badge ml="xs" color="gray" variant="light">
              {t('status.inactive')}
            </Badge>
          ) : null}
        </Stat>
        <Stat label={t('inventory.fields.reorderPoint')}>{`${quantity(inventory.reorder_point)} ${unit}`}</Stat>
        <Stat label={t('inventory.fields.parLevel')}>{`${quantity(inventory.par_level)} ${unit}`}</Stat>
        <Stat label={t('inventory.fields.location')}>{inventory.location || '—'}</Stat>
        <Stat label={t('products.fields.packaging')}>{packaging(inventory.purchase_unit, inventory.units_per_purchase_unit, inventory.usage_unit)}</Stat>
      </SimpleGrid>

      <LevelsPanel inventory={inventory} canUpdate={canUpdate} />

      <DetailSection title={t('locations.perLocation')} note={t('locations.perLocationHint')}>
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder striped verticalSpacing="xs" data-testid="per-location">
            <TableHead cells={[t('locations.fields.location'), t('locations.fields.kind'), { label: t('inventory.fields.onHand'), numeric: true }, { label: t('inventory.fields.value'), numeric: true }]} />
            <Table.Tbody>
              {inventory.locations.map((l) => (
                <Table.Tr key={l.location_id} data-testid="location-stock-row" data-location={l.name}>
                  <Table.Td fw={500}>{l.is_main ? t('locations.mainName', { name: l.name }) : l.name}</Table.Td>
                  <Table.Td>{t(`locations.kinds.${l.kind}`, { defaultValue: l.kind })}</Table.Td>
                  <Table.Td ta="right" data-testid="location-stock-quantity">{withUnit(l.on_hand, inventory.usage_unit)}</Table.Td>
                  <Table.Td ta="right">{money(l.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </DetailSection>

      <DetailSection title={t('inventory.lots')}>
        <Table.ScrollContainer minWidth={700}>
          <Table withTableBorder striped verticalSpacing="xs" data-testid="lots">
            <TableHead
              cells={[
                t('inventory.fields.lot'),
                t('locations.fields.location'),
                t('inventory.fields.expiry'),
                { label: t('inventory.fields.quantity'), numeric: true },
                { label: t('inventory.fields.unitCost'), numeric: true },
                { label: t('inventory.fields.value'), numeric: true },
                t('inventory.fields.receivedAt'),
                { label: '', w: 48 },
              ]}
            />
            <Table.Tbody>
              {inventory.lots.length === 0 ? (
                <EmptyTableRow columns={8}>{t('inventory.noLots')}</EmptyTableRow>
              ) : (
                inventory.lots.map((lot) => {
                  const state = lot.expiry_state;
                  const empty = Number(lot.quantity) <= 0;
                  return (
                    <Table.Tr key={lot.id} data-testid="lot-row" c={empty ? 'dimmed' : undefined}>
                      <Table.Td fw={500}>{lot.lot_number ?? t('inventory.noLot')}</Table.Td>
                      <Table.Td data-testid="lot-location">{lot.location_name}</Table.Td>
                      <Table.Td>
                        {state ? (
                          <Text size="sm" c={empty ? 'dimmed' : EXPIRY_COLORS[state]} fw={state === 'ok' || empty ? undefined : 600} data-testid="lot-expiry" data-state={state}>
                            {day(lot.expiry_date)}
                            {state !== 'ok' && !empty ? ` · ${t(`inventory.expiry.${state}`)}` : ''}
                          </Text>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td ta="right" data-testid="lot-quantity">{`${quantity(lot.quantity)} ${unit}`}</Table.Td>
                      <Table.Td ta="right">{money(lot.unit_cost, { perUnit: true })}</Table.Td>
                      <Table.Td ta="right">{money(lot.value)}</Table.Td>
                      <Table.Td>{lot.received_at ? format.dateTime(lot.received_at, { dateStyle: 'medium' }) : ''}</Table.Td>
                      <Table.Td>
                        <RowActionsMenu
                          label={lot.lot_number ?? t('inventory.noLot')}
                          actions={[
                            { key: 'move-lot', label: t('locations.moveAction'), icon: <IconArrowsMove size={16} />, onClick: () => onDialog({ kind: 'move', inventory, lotId: lot.id }), hidden: !canUpdate || empty },
                            { key: 'count-lot', label: t('inventory.countLot'), icon: <IconAdjustments size={16} />, onClick: () => onDialog({ kind: 'adjust', inventory, lotId: lot.id }), hidden: !canUpdate },
                            { key: 'write-off', label: t('inventory.writeOff'), icon: <IconTrashX size={16} />, color: 'red', onClick: () => onDialog({ kind: 'write-off', inventory, lot }), hidden: !canUpdate || empty },
                          ]}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </DetailSection>

      <DetailSection title={t('inventory.movements')} note={t('inventory.lastMovements')}>
        <MovementsTable movements={inventory.movements} />
      </DetailSection>
    </Stack>
  );
}
