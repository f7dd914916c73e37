import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, numberFormat } from '../../core/format.ts';
import { sanitizeHtml } from './sanitize.ts';
import type { ResolvedColumn } from './types.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads `a.b.c` from a row. */
export function readField(row: unknown, field: string): unknown {
  let value: unknown = row;
  for (const part of field.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Any value as cell text (objects as JSON). */
function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** A cell's content: the column's renderer, sanitised HTML, or the default format of its type in the reader's locale. */
export function useCellFormat() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    <Row,>(column: ResolvedColumn<Row>, row: Row) => {
      if (column.cellRenderer) return column.cellRenderer(row);
      const value = readField(row, column.field);
      if (column.html) return <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} />;
      if (value === null || value === undefined || value === '') return '';
      switch (column.type) {
        case 'bool':
          return t(value === true || value === 1 || value === 'true' || value === '1' ? 'table.yes' : 'table.no');
        case 'number':
          return typeof value === 'number' ? numberFormat(locale).format(value) : toText(value);
        case 'date': {
          if (typeof value !== 'string' && typeof value !== 'number') return '';
          const date = new Date(value);
          if (Number.isNaN(date.getTime())) return String(value);
          const dateOnly = typeof value === 'string' && DATE_ONLY.test(value);
          return dateTimeFormat(locale, dateOnly ? { dateStyle: 'medium', timeZone: 'UTC' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
        }
        default:
          return toText(value);
      }
    },
    [t, locale],
  );
}
