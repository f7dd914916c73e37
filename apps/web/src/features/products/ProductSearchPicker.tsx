import { Badge, Box, Combobox, Flex, Group, Loader, Stack, Text, TextInput, useCombobox, type MantineSize } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeGtin, parseProductBarcode, type ProductHit, type ScannedBarcode } from '@enamel/contracts';
import { ScanButton } from '../../ui/scanner/ScanButton.tsx';

export const PICKER_DEBOUNCE_MS = 200;

/** The hit a scanned barcode names, when the answer holds that product. */
export function scannedHit<Hit extends ProductHit>(barcode: ScannedBarcode | null, hits: Hit[]): Hit | null {
  if (!barcode) return null;
  return hits.find((h) => h.gtin !== null && normalizeGtin(h.gtin) === barcode.gtin) ?? null;
}

/** The hit a scanned or typed barcode / GTIN names, read in the browser. */
export function barcodeMatch<Hit extends ProductHit>(query: string, hits: Hit[]): Hit | null {
  return scannedHit(parseProductBarcode(query), hits);
}

interface ProductSearchPickerProps<Hit extends ProductHit> {
  label: string;
  placeholder: string;
  /** Shown when nothing matches. */
  empty: string;
  /** The react-query key of a search, before the query text. */
  queryKey: unknown[];
  search: (query: string, signal: AbortSignal) => Promise<{ data: Hit[]; barcode: ScannedBarcode | null }>;
  /** The figure on the right of an option (unit cost, on hand…). */
  detail: (hit: Hit) => ReactNode;
  /** `barcode` is set when the product came from a scanned barcode (the lot and expiry it held). */
  onPick: (hit: Hit, barcode: ScannedBarcode | null) => void;
  description?: string;
  error?: ReactNode;
  autoFocus?: boolean;
  testId: string;
  /** The input's size (`lg` on the phone screens: a touch target of at least 44 px). */
  size?: MantineSize;
  optionTestId: string;
  /** A "Scan with camera" button beside the field: what the camera reads is entered as a USB scanner types it. */
  camera?: boolean;
}

/**
 * The one product picker: searches as the user types (debounced), and a scanned or typed barcode
 * picks its product by itself. Enter picks the highlighted hit and never submits the surrounding form
 * (scanners end with Enter).
 */
export function ProductSearchPicker<Hit extends ProductHit>(props: ProductSearchPickerProps<Hit>) {
  const { label, placeholder, empty, queryKey, search: run, detail, onPick, description, error, autoFocus, testId, optionTestId, size, camera } = props;
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), PICKER_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => run(query, signal),
    enabled: query !== '',
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const hits = query !== '' ? (search.data?.data ?? []) : [];
  const fresh = !search.isPlaceholderData && search.isSuccess;
  const picked = useRef<string | null>(null);

  const pick = (hit: Hit, barcode: ScannedBarcode | null) => {
    onPick(hit, barcode);
    setText('');
    combobox.closeDropdown();
  };

  // A barcode: pick its product as soon as the answer for exactly that text arrives.
  useEffect(() => {
    if (!fresh || query === '' || text.trim() !== query || picked.current === query) return;
    const barcode = search.data?.barcode ?? parseProductBarcode(query);
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
    <Combobox.Option value={String(hit.id)} key={hit.id} data-testid={optionTestId}>
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
        {detail(hit)}
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
          size={size}
          description={description}
          error={error}
          placeholder={placeholder}
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
            if (event.key === 'Enter') event.preventDefault();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          {...(camera
            ? {
                inputContainer: (input: ReactNode) => (
                  <Flex direction={{ base: 'column', xs: 'row' }} gap="xs">
                    <Box flex={1}>{input}</Box>
                    <ScanButton
                      testId={`${testId}-camera`}
                      onScan={(scanned) => {
                        // As if a USB scanner had typed it: the search below reads it and picks the product.
                        setText(scanned);
                        picked.current = null;
                        combobox.openDropdown();
                      }}
                    />
                  </Flex>
                ),
              }
            : {})}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={query === ''}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {options.length > 0 ? options : <Combobox.Empty>{search.isFetching ? t('common.loading') : empty}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
