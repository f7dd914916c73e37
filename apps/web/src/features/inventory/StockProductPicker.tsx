import { Badge, Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeGtin } from '@enamel/contracts';
import { useQuantity } from '../products/money.ts';
import type { ScannedBarcode } from '../products/product.api.ts';
import { useUnitLabel } from '../products/units.ts';
import { searchStockProducts, type StockProductHit } from './inventory.api.ts';

export const STOCK_PICKER_DEBOUNCE_MS = 200;

/** The hit a scanned barcode names (the server read it into `barcode`), when the answer holds that product. */
export function scannedHit(barcode: ScannedBarcode | null, hits: StockProductHit[]): StockProductHit | null {
  if (!barcode) return null;
  return hits.find((h) => h.gtin !== null && normalizeGtin(h.gtin) === barcode.gtin) ?? null;
}

interface StockProductPickerProps {
  practiceId: number;
  label: string;
  /** `barcode` is set when the product came from a scanned GS1 barcode (lot and expiry it held). */
  onPick: (product: StockProductHit, barcode: ScannedBarcode | null) => void;
  description?: string;
  autoFocus?: boolean;
  error?: ReactNode;
  testId?: string;
}

/**
 * Finds a product of the catalog with what the selected practice has on hand (GET /api/inventory/product/search,
 * debounced). A scanned or typed barcode picks its product by itself and hands over its lot and expiry;
 * Enter picks the highlighted hit and never submits the surrounding form.
 */
export function StockProductPicker({ practiceId, label, onPick, description, autoFocus, error, testId = 'stock-product-picker' }: StockProductPickerProps) {
  const { t } = useTranslation();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), STOCK_PICKER_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['inventory-search', practiceId, query],
    queryFn: ({ signal }) => searchStockProducts(practiceId, query, signal),
    enabled: query !== '',
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const hits = query !== '' ? (search.data?.data ?? []) : [];
  const fresh = !search.isPlaceholderData && search.isSuccess;
  const picked = useRef<string | null>(null);

  const pick = (hit: StockProductHit, barcode: ScannedBarcode | null) => {
    onPick(hit, barcode);
    setText('');
    combobox.closeDropdown();
  };

  // A barcode: pick its product as soon as the answer for exactly that text arrives.
  useEffect(() => {
    if (!fresh || query === '' || text.trim() !== query || picked.current === query) return;
    const barcode = search.data?.barcode ?? null;
    const hit = scannedHit(barcode, search.data?.data ?? []);
    if (hit) {
      picked.current = query;
      pick(hit, barcode);
    } else {
      combobox.selectFirstOption();
    }
    // pick/combobox are recreated each render; run when a fresh answer arrives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh, query, search.data]);

  const options = hits.map((hit) => (
    <Combobox.Option value={String(hit.id)} key={hit.id} data-testid="stock-product-option">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0}>
          <Text size="sm" fw={500} component="div">
            {hit.name}
            {hit.status !== 'active' ? (
              <Badge ml="xs" size="xs" color="gray" variant="light">
                {t('status.inactive')}
              </Badge>
            ) : null}
          </Text>
          <Text size="xs" c="dimmed">
            {[hit.sku, hit.brand_name, hit.gtin].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Text size="xs" c={Number(hit.on_hand) > 0 ? 'dimmed' : 'red'} style={{ whiteSpace: 'nowrap' }}>
          {t('inventory.onHandShort', { quantity: quantity(hit.on_hand), unit: unitLabel(hit.usage_unit) })}
        </Text>
      </Group>
    </Combobox.Option>
  ));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const hit = hits.find((h) => String(h.id) === value);
        if (hit) pick(hit, null);
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          description={description}
          error={error}
          placeholder={t('inventory.pickerPlaceholder')}
          leftSection={<IconBarcode size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          value={text}
          autoComplete="off"
          data-autofocus={autoFocus ? true : undefined}
          data-testid={testId}
          onChange={(event) => {
            setText(event.currentTarget.value);
            picked.current = null;
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onKeyDown={(event) => {
            // Scanners end with Enter: it picks, it never submits the dialog.
            if (event.key === 'Enter') event.preventDefault();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={query === ''}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {options.length > 0 ? options : <Combobox.Empty>{search.isFetching ? t('common.loading') : t('inventory.noProducts')}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
