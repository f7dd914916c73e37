import { Badge, Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeGtin, parseProductBarcode } from '@enamel/contracts';
import { useMoney } from '../products/money.ts';
import { searchProducts, type ProductHit } from '../products/product.api.ts';
import { useUnitLabel } from '../products/units.ts';

export const PICKER_DEBOUNCE_MS = 200;

/** The hit a scanned or typed barcode / GTIN names, when the answer holds exactly that product. */
export function barcodeMatch(query: string, hits: ProductHit[]): ProductHit | null {
  const scanned = parseProductBarcode(query);
  if (!scanned) return null;
  return hits.find((h) => h.gtin !== null && normalizeGtin(h.gtin) === scanned.gtin) ?? null;
}

/**
 * Finds a product as the user types (name, SKU, GTIN, brand; GET /api/product/search, debounced 200 ms).
 * A scanned or typed barcode picks its product by itself; Enter picks the highlighted hit and never
 * submits the surrounding form.
 */
export function ProductPicker({ onPick, label, testId = 'product-picker' }: { onPick: (product: ProductHit) => void; label: string; testId?: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const unitLabel = useUnitLabel();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), PICKER_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['product', 'search', query],
    queryFn: ({ signal }) => searchProducts(query, signal),
    enabled: query !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const hits = query !== '' ? (search.data?.data ?? []) : [];
  const fresh = !search.isPlaceholderData && search.isSuccess;
  const picked = useRef<string | null>(null);

  const pick = (hit: ProductHit) => {
    onPick(hit);
    setText('');
    combobox.closeDropdown();
  };

  // A barcode: pick its product as soon as the answer for exactly that text arrives.
  useEffect(() => {
    if (!fresh || query === '' || text.trim() !== query || picked.current === query) return;
    const hit = barcodeMatch(query, search.data?.data ?? []);
    if (hit) {
      picked.current = query;
      pick(hit);
    } else {
      combobox.selectFirstOption();
    }
    // pick/combobox are recreated each render; run when a fresh answer arrives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh, query, search.data]);

  const options = hits.map((hit) => (
    <Combobox.Option value={String(hit.id)} key={hit.id} data-testid="product-picker-option">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0}>
          <Text size="sm" fw={500}>
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
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('products.perUnit', { cost: money(hit.unit_cost), unit: unitLabel(hit.usage_unit) })}
        </Text>
      </Group>
    </Combobox.Option>
  ));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const hit = hits.find((h) => String(h.id) === value);
        if (hit) pick(hit);
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={t('procedureTemplates.pickerPlaceholder')}
          leftSection={<IconBarcode size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          value={text}
          autoComplete="off"
          data-testid={testId}
          onChange={(event) => {
            setText(event.currentTarget.value);
            picked.current = null;
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onKeyDown={(event) => {
            // Scanners end with Enter: it picks, it never submits the template.
            if (event.key === 'Enter') event.preventDefault();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={query === ''}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {options.length > 0 ? options : <Combobox.Empty>{search.isFetching ? t('common.loading') : t('procedureTemplates.noProducts')}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
