import { Grid, MultiSelect, NumberInput, Select } from '@mantine/core';
import { SegmentedField } from '../../ui/SegmentedField.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REPORT_FILTERS, type ReportData, type ReportId } from '@enamel/contracts';
import { fetchBrandOptions } from '../brands/index.ts';
import { fetchAllCategories } from '../categories/index.ts';
import { fetchAllProcedureCodes } from '../procedure-codes/index.ts';
import { fetchProduct, searchProducts } from '../products/index.ts';
import { fetchPracticeOptions } from '../users/index.ts';
import { PICKER_DEBOUNCE_MS } from '../products/index.ts';
import { DateField } from '../../ui/DateField.tsx';

/** The report's own filters, each kept in the URL (an empty one leaves it); dates and days show the defaults applied. */
export function ReportFilters({ report, practiceId, resolved }: { report: ReportId; practiceId: number; resolved: ReportData['filters'] | undefined }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = REPORT_FILTERS[report];
  const brands = useQuery({ queryKey: ['report', 'brands'], queryFn: () => fetchBrandOptions(''), enabled: filters.includes('brand'), staleTime: 60_000 });
  const categories = useQuery({ queryKey: ['report', 'categories'], queryFn: fetchAllCategories, enabled: filters.includes('category'), staleTime: 60_000 });
  const codes = useQuery({ queryKey: ['report', 'procedure-codes'], queryFn: fetchAllProcedureCodes, enabled: filters.includes('procedure_code'), staleTime: 60_000 });
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const date = (key: string, label: string) => (
    <Grid.Col span={{ base: 6, md: 2 }} key={key}>
      <DateField size="sm" label={label} value={params.get(key) ?? (resolved?.[key as 'as_of' | 'from' | 'to'] ?? '')} onChange={(value) => set(key, value)} data-testid={`report-${key}`} />
    </Grid.Col>
  );
  /** A list to choose one of (or all): the parameter `key`, shown as `testId`. */
  const choice = (key: string, label: string, placeholder: string, data: Array<{ value: string; label: string }>, testId: string) => (
    <Grid.Col span={{ base: 12, md: 3 }}>
      <Select label={label} placeholder={placeholder} data={data} value={params.get(key)} onChange={(value) => set(key, value)} searchable clearable data-testid={testId} />
    </Grid.Col>
  );
  return (
    <>
      <PracticesFilter practiceId={practiceId} value={params.get('practice_ids')} onChange={(value) => set('practice_ids', value)} />
      {filters.includes('view') ? <ViewFilter value={params.get('view') === 'lines' ? 'lines' : 'summary'} onChange={(value) => set('view', value === 'lines' ? value : null)} /> : null}
      {filters.includes('as_of') ? date('as_of', t('reports.filters.asOf')) : null}
      {filters.includes('period') ? [date('from', t('reports.filters.from')), date('to', t('reports.filters.to'))] : null}
      {filters.includes('days') ? (
        <Grid.Col span={{ base: 6, md: 2 }}>
          <NumberInput
            label={t(report === 'expiring-lots' ? 'reports.filters.expiringDays' : 'reports.filters.unusedDays')}
            placeholder={t('reports.filters.practiceSetting')}
            min={1}
            max={1095}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={params.get('days') ?? ''}
            onChange={(value) => set('days', value === '' ? null : String(value))}
            data-testid="report-days"
          />
        </Grid.Col>
      ) : null}
      {filters.includes('category')
        ? choice('category_id', t('reports.filters.category'), t('reports.filters.all'), (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.path })), 'report-category')
        : null}
      {filters.includes('brand') ? choice('brand_id', t('reports.filters.brand'), t('reports.filters.all'), (brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name })), 'report-brand') : null}
      {filters.includes('product') ? <ProductFilter value={params.get('product_id')} onChange={(value) => set('product_id', value)} /> : null}
      {filters.includes('procedure_code')
        ? choice('procedure_code_id', t('reports.filters.procedureCode'), t('reports.filters.allCodes'), (codes.data ?? []).map((c) => ({ value: String(c.id), label: `${c.code} · ${c.name}` })), 'report-procedure-code')
        : null}
    </>
  );
}

/** Other practices the report covers besides the selected one (their rows follow, totalled per currency). */
function PracticesFilter({ practiceId, value, onChange }: { practiceId: number; value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation();
  const practices = useQuery({ queryKey: ['report', 'practices'], queryFn: fetchPracticeOptions, staleTime: 60_000 });
  const others = (practices.data ?? []).filter((p) => p.id !== practiceId);
  // Nothing to add for a reader of one practice.
  if (others.length === 0) return null;
  const chosen = (value ?? '').split(',').filter((id) => others.some((p) => String(p.id) === id));
  return (
    <Grid.Col span={{ base: 12, md: 4 }}>
      <MultiSelect
        label={t('reports.filters.morePractices')}
        placeholder={chosen.length ? undefined : t('reports.filters.noOtherPractice')}
        data={others.map((p) => ({ value: String(p.id), label: p.name }))}
        value={chosen}
        onChange={(ids) => onChange(ids.length ? ids.join(',') : null)}
        searchable
        clearable
        data-testid="report-practices"
      />
    </Grid.Col>
  );
}

/** Stock movements by kind, or one row per movement. */
function ViewFilter({ value, onChange }: { value: 'summary' | 'lines'; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Grid.Col span={{ base: 12, md: 'content' }}>
      <SegmentedField
        label={t('reports.filters.view')}
        value={value}
        onChange={onChange}
        data={[
          { value: 'summary', label: t('reports.filters.byKind') },
          { value: 'lines', label: t('reports.filters.eachMovement') },
        ]}
        data-testid="report-lines"
      />
    </Grid.Col>
  );
}

/** One product, found as the user types (name, SKU, GTIN or brand); the chosen one is named from the URL's id. */
function ProductFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, PICKER_DEBOUNCE_MS);
  const hits = useQuery({ queryKey: ['report', 'products', query], queryFn: ({ signal }) => searchProducts(query, signal), placeholderData: keepPreviousData, staleTime: 30_000 });
  const chosen = useQuery({ queryKey: ['report', 'product', value], queryFn: () => fetchProduct(Number(value)), enabled: value !== null, staleTime: 60_000 });
  const options = new Map((hits.data?.data ?? []).map((p) => [String(p.id), `${p.name} · ${p.sku}`]));
  if (value && chosen.data) options.set(value, `${chosen.data.name} · ${chosen.data.sku}`);
  return (
    <Grid.Col span={{ base: 12, md: 3 }}>
      <Select
        label={t('reports.filters.product')}
        placeholder={t('reports.filters.allProducts')}
        data={[...options].map(([id, label]) => ({ value: id, label }))}
        value={value}
        onChange={onChange}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server searched already: every hit it answered is an option.
        filter={({ options: all }) => all}
        nothingFoundMessage={t('procedureTemplates.noProducts')}
        clearable
        data-testid="report-product"
      />
    </Grid.Col>
  );
}
