import { Alert, Anchor, Box, Button, Card, Group, Loader, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { normalizeGtin, parseProductBarcode, type ProductHit, type StockTakeDetail, type StockTakeLine } from '@enamel/contracts';
import { toAppError } from '../../core/errors.ts';
import { notifySuccess } from '../../core/notify.ts';
import { PracticeRequired, useLeaveOnPracticeChange } from '../../ui/PracticeRequired.tsx';
import { RecordNotFound } from '../../ui/RecordNotFound.tsx';
import { useRouteRecord } from '../../ui/useRouteRecord.ts';
import { ProductSearchPicker } from '../products/index.ts';
import { countStockTake, fetchStockTake, STOCK_TAKES_PATH } from './stock-takes.api.ts';

type LineHit = ProductHit & { line: StockTakeLine };

const hitOf = (line: StockTakeLine): LineHit => ({
  id: line.product_id, name: line.product_name, sku: line.sku, gtin: line.gtin, brand_name: null, usage_unit: line.usage_unit, purchase_unit: line.usage_unit,
  units_per_purchase_unit: 1, unit_cost: '0', tracks_lots: false, status: 'active', line,
});

/** The take's own products matching the text (name, SKU, GTIN) or the GTIN a scanned barcode holds: nothing else may be counted on it. */
function searchLines(take: StockTakeDetail, query: string) {
  const barcode = parseProductBarcode(query);
  const needle = query.toLowerCase();
  const hits = take.lines
    .filter((l) => (barcode && l.gtin !== null && normalizeGtin(l.gtin) === barcode.gtin) || l.product_name.toLowerCase().includes(needle) || l.sku.toLowerCase().includes(needle) || (l.gtin ?? '').includes(needle))
    .slice(0, 20)
    .map(hitOf);
  return Promise.resolve({ data: hits, barcode });
}

/** /admin/stock-takes/{id}/count: count on a phone — search or scan a product, type what is on the shelf, next. Blind: no expected quantity here. */
export function StockTakeCountPage() {
  useLeaveOnPracticeChange(STOCK_TAKES_PATH);
  return <PracticeRequired>{() => <CountView />}</PracticeRequired>;
}

function CountView() {
  const { t } = useTranslation();
  const { query, missing } = useRouteRecord('stock-take', fetchStockTake);
  if (missing) return <RecordNotFound title={t('routes.stockTakeCount')} message={t('stockTakes.notFound')} testId="stock-take-load-error" />;
  if (!query.data) return <Loader size="sm" />;
  return <CountBody take={query.data} />;
}

function CountBody({ take }: { take: StockTakeDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [line, setLine] = useState<StockTakeLine | null>(null);
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const pickerBox = useRef<HTMLDivElement>(null);
  const counted = take.lines.filter((l) => l.counts.length > 0).length;
  const detailPath = `${STOCK_TAKES_PATH}/${take.id}`;

  if (take.status !== 'open') {
    return (
      <Stack>
        <Title order={2}>{t('stockTakes.title', { id: take.id })}</Title>
        <Alert color="gray" data-testid="stock-take-closed">
          {t('stockTakes.closed')}{' '}
          <Anchor component={Link} to={detailPath}>
            {t('stockTakes.open')}
          </Anchor>
        </Alert>
      </Stack>
    );
  }

  const save = async () => {
    if (!line) return;
    const typed = quantity.trim().replace(',', '.');
    if (!/^\d{1,10}(\.\d{1,4})?$/.test(typed)) {
      setError(t('stockTakes.quantityInvalid'));
      return;
    }
    setSaving(true);
    try {
      const detail = await countStockTake(take.id, line.product_id, typed);
      queryClient.setQueryData(['stock-take', take.id], detail);
      notifySuccess(t('stockTakes.countSaved', { product: line.product_name }));
      setLine(null);
      setQuantity('');
      setError(null);
      pickerBox.current?.querySelector('input')?.focus();
    } catch (err) {
      setError(toAppError(err, t).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" maw={560} data-testid="stock-take-count">
      <Stack gap={4}>
        <Title order={2}>{t('stockTakes.title', { id: take.id })}</Title>
        <Text size="sm" c="dimmed">
          {t('stockTakes.progress', { counted, total: take.lines.length })}
        </Text>
        <Progress value={take.lines.length ? (100 * counted) / take.lines.length : 0} aria-label={t('stockTakes.progress', { counted, total: take.lines.length })} />
      </Stack>
      {/* A touch target of at least 44 px whatever size the theme gives the picker's input. */}
      <Box ref={pickerBox} style={{ '--input-height-md': '50px', '--input-height-sm': '50px' }}>
        <ProductSearchPicker<LineHit>
          label={t('stockTakes.product')}
          placeholder={t('stockTakes.productPlaceholder')}
          empty={t('stockTakes.noProducts')}
          queryKey={['stock-take-lines', take.id, take.lines.length]}
          search={(text) => searchLines(take, text)}
          detail={(hit) => (hit.line.counts.length > 0 ? <Text size="xs" c="dimmed">{t('stockTakes.countedTimes', { count: hit.line.counts.length })}</Text> : null)}
          onPick={(hit) => {
            setLine(hit.line);
            setQuantity('');
            setError(null);
          }}
          autoFocus
          size="lg"
          testId="stock-take-product"
          optionTestId="stock-take-product-option"
        />
      </Box>
      {line ? (
        <Card withBorder padding="md" data-testid="stock-take-counting">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Stack gap="sm">
              <div>
                <Text fw={600} data-testid="stock-take-counting-name">
                  {line.product_name}
                </Text>
                <Text size="sm" c="dimmed">
                  {[line.sku, line.gtin].filter(Boolean).join(' · ')}
                </Text>
                {line.counts.length > 0 ? (
                  <Text size="sm" c="orange">
                    {t('stockTakes.alreadyCounted', { count: line.counts.length })}
                  </Text>
                ) : null}
              </div>
              <TextInput
                size="lg"
                label={t('stockTakes.quantityCounted', { unit: line.usage_unit })}
                inputMode="decimal"
                autoComplete="off"
                value={quantity}
                onChange={(event) => setQuantity(event.currentTarget.value)}
                error={error}
                data-autofocus
                autoFocus
                data-testid="stock-take-quantity"
              />
              <Group grow>
                <Button size="lg" variant="default" onClick={() => setLine(null)}>
                  {t('actions.cancel')}
                </Button>
                <Button size="lg" type="submit" loading={saving} data-testid="stock-take-save">
                  {t('stockTakes.saveNext')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      ) : null}
      <Button component={Link} to={detailPath} variant="subtle" size="lg" data-testid="stock-take-to-detail">
        {t('stockTakes.toDetail')}
      </Button>
    </Stack>
  );
}
