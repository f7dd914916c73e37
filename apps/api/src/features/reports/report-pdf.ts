import type { ReportData } from '@enamel/contracts';
import { pdfTable } from '../../core/pdf-table.ts';
import type { ReportRow } from './report-definition.ts';
import { describeFilters, type ReportWords } from './report-words.ts';

/**
 * A report as an A4 PDF in the reader's language: its title, the practice (or practices) and currency, the filters as applied,
 * the table (numbers, money, dates and codes as the locale writes them) with its totals, and the generation date
 * in the practice's time zone.
 */
export function reportPdf(
  meta: Pick<ReportData, 'report' | 'currency' | 'filters' | 'columns'>,
  rows: AsyncIterable<ReportRow>,
  totals: () => ReportRow[],
  words: ReportWords,
  heading: { practice: string; currencies: string[]; names: Record<string, string>; timeZone: string; now: Date },
): NodeJS.ReadableStream {
  const { columns } = meta;
  const generated = new Intl.DateTimeFormat(words.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: heading.timeZone }).format(heading.now);
  async function* cells() {
    for await (const row of rows) yield columns.map((c) => words.cell(c, row[c.field], row.currency === undefined ? undefined : String(row.currency)));
  }
  return pdfTable({
    lang: words.locale,
    title: words.title,
    lines: [words.word('report.pdf.subtitle', { practice: heading.practice, currency: heading.currencies.join(', ') }), describeFilters(words, meta, heading.names).join(' · ')].filter(Boolean),
    columns: columns.map((c) => ({ label: words.columns[c.field] ?? c.field, align: c.type === 'text' || c.type === 'date' ? 'left' : 'right' })),
    rows: cells(),
    totals: () => totals().map((row) => columns.map((c, i) => (i === 0 ? String(row[c.field]) : row[c.field] === null ? '' : words.cell(c, row[c.field], row.currency === undefined ? undefined : String(row.currency))))),
    empty: words.word('report.pdf.empty'),
    generated: words.word('report.pdf.generated', { date: generated }),
    page: (page, pages) => words.word('report.pdf.page', { page, pages }),
  });
}
