import { eq, inArray } from 'drizzle-orm';
import type { Locale, ReportData } from '@enamel/contracts';
import { brands, categories, dentalPractices, procedureCodes, products, type Database } from '@enamel/db';
import { translate, type MessageKey } from '../../core/i18n.ts';

/**
 * A report's words in the reader's language, from the server's catalogue: its title, column names, the codes
 * some cells hold (units, movement kinds, series kinds), the filters as a line each, and numbers, money and days
 * formatted as the locale writes them (exports meant to be read: XLSX headers, PDF).
 */
export interface ReportWords {
  locale: Locale;
  title: string;
  total: string;
  columns: Record<string, string>;
  /** The cell as text for a reader: codes translated, numbers, money (in `currency`, else the report's), percentages and days in the locale. */
  cell(column: ReportData['columns'][number], value: string | number | null | undefined, currency?: string): string;
  /** A code cell translated (units, movement kinds), as XLSX writes it. */
  code(column: ReportData['columns'][number], value: string): string;
  word(key: MessageKey, params?: Record<string, string | number>): string;
  day(iso: string): string;
}

export function reportWords(locale: Locale, data: Pick<ReportData, 'report' | 'currency' | 'columns'>): ReportWords {
  const word = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const moneys = new Map<string, Intl.NumberFormat>();
  const money = (currency: string) => {
    let found = moneys.get(currency);
    if (!found) moneys.set(currency, (found = new Intl.NumberFormat(locale, { style: 'currency', currency })));
    return found;
  };
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (iso: string) => days.format(new Date(`${iso}T00:00:00Z`));
  const code: ReportWords['code'] = (column, value) => {
    if (!column.translate) return value;
    const key = `report.codes.${column.translate}.${value}` as MessageKey;
    const found = word(key);
    return found === key ? value : found;
  };
  return {
    locale,
    title: word(`report.names.${data.report}`),
    total: word('report.total'),
    columns: Object.fromEntries(data.columns.map((c) => [c.field, word(`report.columns.${c.field}` as MessageKey)])),
    word,
    day,
    code,
    cell(column, value, currency) {
      if (value === null || value === undefined || value === '') return '—';
      switch (column.type) {
        case 'money':
          return money(currency ?? data.currency).format(Number(value));
        case 'number':
          return numbers.format(Number(value));
        case 'percent':
          return percent.format(Number(value));
        case 'date':
          return day(String(value));
        default:
          return code(column, String(value));
      }
    },
  };
}

/** The practices' names and the names of the chosen category, brand, product and procedure code (for the PDF's heading and the recent exports). */
export async function filterNames(db: Database, filters: ReportData['filters']): Promise<{ practice: string; names: Record<string, string> }> {
  const one = async (found: Promise<Array<{ name: string }>>) => (await found)[0]?.name;
  const [practices, category, brand, product, code] = await Promise.all([
    db.select({ id: dentalPractices.id, name: dentalPractices.name }).from(dentalPractices).where(inArray(dentalPractices.id, filters.practice_ids)),
    filters.category_id ? one(db.select({ name: categories.name }).from(categories).where(eq(categories.id, filters.category_id))) : undefined,
    filters.brand_id ? one(db.select({ name: brands.name }).from(brands).where(eq(brands.id, filters.brand_id))) : undefined,
    filters.product_id ? one(db.select({ name: products.name }).from(products).where(eq(products.id, filters.product_id))) : undefined,
    filters.procedure_code_id ? one(db.select({ name: procedureCodes.code }).from(procedureCodes).where(eq(procedureCodes.id, filters.procedure_code_id))) : undefined,
  ]);
  const names: Record<string, string> = {};
  if (filters.category_id) names.category = category ?? `#${filters.category_id}`;
  if (filters.brand_id) names.brand = brand ?? `#${filters.brand_id}`;
  if (filters.product_id) names.product = product ?? `#${filters.product_id}`;
  if (filters.procedure_code_id) names.procedure_code = code ?? `#${filters.procedure_code_id}`;
  const byId = new Map(practices.map((p) => [p.id, p.name]));
  return { practice: filters.practice_ids.map((id) => byId.get(id) ?? `#${id}`).join(', '), names };
}

/** The filters as applied, one phrase each, in the reader's language (the PDF prints them under the title). */
export function describeFilters(words: ReportWords, data: Pick<ReportData, 'report' | 'filters'>, names: Record<string, string>): string[] {
  const f = data.filters;
  const out: string[] = [];
  if (f.as_of) out.push(words.word('report.filters.as_of', { date: words.day(f.as_of) }));
  if (f.from && f.to) out.push(words.word('report.filters.period', { from: words.day(f.from), to: words.day(f.to) }));
  if (f.days !== null) out.push(words.word(data.report === 'expiring-lots' ? 'report.filters.expiring_days' : 'report.filters.unused_days', { days: f.days }));
  if (f.view === 'lines') out.push(words.word('report.filters.lines'));
  for (const key of ['category', 'brand', 'product', 'procedure_code'] as const) if (names[key]) out.push(words.word(`report.filters.${key}`, { name: names[key] }));
  return out;
}
