import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../sql-rows.ts';
import { addDays, isCalendarDay, type Subject } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import type { MessageKey } from '../i18n.ts';

/** The database or a transaction handle (inside the import's transaction only the handle is used). */
export type Db = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** Who imports: practice-scoped kinds only accept rows for practices the user may import into. */
export interface ImportContext {
  userId: number | null;
  /** 'all', or the ids of the practices the user may import into for this kind's subject. */
  practiceIds: 'all' | number[];
}

export interface ImportColumn {
  /** The template header, snake_case; headers in files match it case-insensitively, spaces = underscores. */
  name: string;
  required?: boolean;
  /** The template's example value. */
  example: string;
}

export interface CellError {
  column: string;
  key: MessageKey;
  params?: Record<string, string | number>;
}

export type RowResult<T> = { ok: true; value: T } | { ok: false; errors: CellError[] };

/**
 * One kind of import (brands, products…): a file per kind under features/imports/kinds. The pipeline
 * reads, matches headers, checks rows, finds duplicates and writes in one transaction; a kind only says
 * what its rows look like and how they are stored.
 */
export interface ImportKind<TRow = unknown, TRefs = unknown> {
  /** The path segment: POST /api/{name}/import, GET /api/import/template/{name}. */
  name: string;
  subject: Subject;
  columns: readonly ImportColumn[];
  /** The column duplicate natural keys are reported on. */
  keyColumn: string;
  /** What rows are checked against (existing names and ids). Called again inside the write's transaction. */
  loadRefs(db: Db, context: ImportContext): Promise<TRefs>;
  /** Cells by column name (trimmed, '' when empty) to a row, or errors by column. */
  parseRow(cells: Record<string, string>, refs: TRefs): RowResult<TRow>;
  /** The natural key, normalised (lower-case name, upper-case code…). */
  naturalKey(row: TRow): string;
  /** References this row needs that the database lacks and the file itself may provide (a category's parent). */
  fileRefs?(row: TRow, refs: TRefs): Array<{ column: string; key: string; value: string }>;
  /** When given, the valid rows are sorted before the write (parents before children). Kinds with it hold their rows in memory. */
  writeOrder?(a: TRow, b: TRow): number;
  /** Writes a batch inside the transaction. */
  upsert(tx: Db, rows: TRow[], refs: TRefs): Promise<{ created: number; updated: number }>;
  batchSize?: number;
}

/** A kind with its row types erased, as the registry holds it. */
export type AnyImportKind = ImportKind<unknown, unknown>;

export function defineKind<TRow, TRefs>(kind: ImportKind<TRow, TRefs>): AnyImportKind {
  return kind;
}

/** zod issues of a body schema to cell errors; `columnOf` maps body fields to template columns. */
export function issuesToCellErrors(
  issues: readonly z.core.$ZodIssue[],
  body: Record<string, unknown>,
  columnOf: (field: string) => string,
): CellError[] {
  const out: CellError[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    const column = columnOf(field);
    const value = body[field];
    if (value === undefined || value === null || value === '') {
      out.push({ column, key: 'validation.required' });
      continue;
    }
    switch (issue.code) {
      case 'too_small':
        out.push(issue.origin === 'string' ? { column, key: 'validation.too_short', params: { min: Number(issue.minimum) } } : { column, key: 'import.too_small', params: { min: Number(issue.minimum) } });
        break;
      case 'too_big':
        out.push(issue.origin === 'string' ? { column, key: 'validation.too_long', params: { max: Number(issue.maximum) } } : { column, key: 'import.too_big', params: { max: Number(issue.maximum) } });
        break;
      case 'invalid_value':
        out.push({ column, key: 'import.one_of', params: { values: issue.values.map(String).join(', ') } });
        break;
      case 'invalid_type':
        out.push({ column, key: issue.expected === 'number' ? 'import.whole_number' : issue.expected === 'boolean' ? 'import.boolean' : 'validation.invalid_type' });
        break;
      case 'invalid_format':
        out.push({ column, key: issue.format === 'url' ? 'import.url' : issue.format === 'email' ? 'validation.email' : 'import.format' });
        break;
      case 'custom': {
        const kind = (issue.params as { kind?: string } | undefined)?.kind;
        out.push({ column, key: kind === 'gtin' ? 'import.gtin' : kind === 'decimal' ? 'import.decimal' : kind === 'time_zone' || kind === 'currency' ? `validation.${kind}` : 'validation.invalid' });
        break;
      }
      default:
        out.push({ column, key: 'validation.invalid' });
    }
  }
  // One message per column is enough.
  return out.filter((e, i) => out.findIndex((o) => o.column === e.column) === i);
}

/** Optional text: '' is null. */
export const blankToNull = (v: string | undefined) => (v ? v : null);
/** Optional enum-ish text: '' is absent, else lower-case. */
export const optionalLower = (v: string | undefined) => (v ? v.toLowerCase() : undefined);

/** yes/no, true/false, 1/0, y/n; '' is the default. Anything else stays a string so the schema rejects it. */
export function parseBoolean(v: string | undefined): boolean | string | undefined {
  if (!v) return undefined;
  const s = v.toLowerCase();
  if (['yes', 'y', 'true', '1', 'x', 'oui', 'sí', 'si', 'sim', '是'].includes(s)) return true;
  if (['no', 'n', 'false', '0', 'non', 'não', 'nao', '否'].includes(s)) return false;
  return v;
}

/** A whole number written plainly ("12", "12.0" from a spreadsheet); anything else stays a string. */
export function parseWhole(v: string | undefined): number | string | undefined {
  if (!v) return undefined;
  if (/^\d+(\.0+)?$/.test(v)) return Number(v);
  return v;
}

/** Day 0 of spreadsheet serial dates (1900 date system, after Lotus's leap-year slip). */
const SPREADSHEET_DAY_ZERO = '1899-12-30';

/** A date cell: YYYY-MM-DD, or a spreadsheet's serial day number (XLSX dates arrive that way). */
export function parseDay(v: string | undefined): string | undefined {
  if (!v) return undefined;
  if (isCalendarDay(v)) return v;
  if (/^\d{5}(\.\d+)?$/.test(v)) return addDays(SPREADSHEET_DAY_ZERO, Math.floor(Number(v)));
  return undefined;
}

/** A date-time cell: ISO (with or without zone, read as UTC), "YYYY-MM-DD HH:MM", a bare date (noon UTC), or a serial. */
export function parseDateTime(v: string | undefined): Date | undefined {
  if (!v) return undefined;
  if (/^\d{5}(\.\d+)?$/.test(v)) return new Date(Date.UTC(1899, 11, 30) + Math.round(Number(v) * 86_400_000));
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?(Z|[+-]\d{2}:?\d{2})?$/.exec(v);
  if (!m) return undefined;
  if (!isCalendarDay(m[1]!)) return undefined;
  const date = new Date(`${m[1]}T${m[2] ?? '12:00'}${m[3] ?? 'Z'}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Practices a user may import into, by lower-case code: the active ones, and the deactivated ones (refused with their own message). */
export interface PracticeCodes {
  active: Map<string, number>;
  inactive: Set<string>;
}

/** The rows' practices: those the user may import into, by code; any other is "unknown" (never revealed). */
export async function loadPracticeCodes(db: Db, context: ImportContext): Promise<PracticeCodes> {
  const rows = await rowsOf(db, sqlRow({ id: sqlCol.int, code: sqlCol.text, status: sqlCol.text }), sql`select id::int as id, code, status from dental_practices`);
  const allowed = context.practiceIds;
  const mine = rows.filter((r) => allowed === 'all' || allowed.includes(Number(r.id)));
  return {
    active: new Map(mine.filter((r) => r.status === 'active').map((r) => [r.code.toLowerCase(), Number(r.id)])),
    inactive: new Set(mine.filter((r) => r.status !== 'active').map((r) => r.code.toLowerCase())),
  };
}

/** A row's `practice_code` cell: the practice id, or an error (missing, unknown, deactivated). */
export function practiceOfRow(code: string | undefined, practices: PracticeCodes, errors: CellError[]): number | undefined {
  const id = practices.active.get((code ?? '').toLowerCase());
  if (id !== undefined) return id;
  if (!code) errors.push({ column: 'practice_code', key: 'validation.required' });
  else if (practices.inactive.has(code.toLowerCase())) errors.push({ column: 'practice_code', key: 'practice.inactive', params: { practice: code } });
  else errors.push({ column: 'practice_code', key: 'import.unknown_practice', params: { value: code } });
  return undefined;
}

/** The column naming a row's practice, first in every practice-scoped kind's template. */
export const PRACTICE_CODE_COLUMN: ImportColumn = { name: 'practice_code', required: true, example: 'DT-01' };

/** What a practice-scoped kind's refs hold besides its own: the practices the user may import into, and who imports. */
export interface PracticeScoped {
  practices: PracticeCodes;
  context: ImportContext;
}

/** A kind whose every row belongs to a practice named by code (stock, procedures): the row's practice is resolved, or refused, before the kind's own checks. */
export function definePracticeKind<TRow, TRefs>(
  kind: Omit<ImportKind<TRow, TRefs & PracticeScoped>, 'loadRefs' | 'parseRow'> & {
    loadRefs(db: Db, context: ImportContext): Promise<TRefs>;
    parseRow(cells: Record<string, string>, refs: TRefs & PracticeScoped, practiceId: number | undefined, errors: CellError[]): RowResult<TRow>;
  },
): AnyImportKind {
  return defineKind<TRow, TRefs & PracticeScoped>({
    ...kind,
    columns: [PRACTICE_CODE_COLUMN, ...kind.columns],
    loadRefs: async (db, context) => ({ ...(await kind.loadRefs(db, context)), practices: await loadPracticeCodes(db, context), context }),
    parseRow(cells, refs) {
      const errors: CellError[] = [];
      return kind.parseRow(cells, refs, practiceOfRow(cells.practice_code, refs.practices, errors), errors);
    },
  });
}
