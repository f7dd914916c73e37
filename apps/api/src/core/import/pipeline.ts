import fs from 'node:fs';
import type { MessageKey } from '../i18n.ts';
import type { AnyImportKind, CellError, Db, ImportContext } from './kind.ts';
import { readRows, type FileFormat, type RowSource } from './readers.ts';
import { ZipGuardError, guardXlsx, reorderSheetsLast } from './zip-guard.ts';

/** A problem with the whole file (not one row): the job fails with this message. */
export class ImportFileError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export interface PipelineLimits {
  maxRows: number;
  /** Errors kept in the error file (the count goes on). */
  maxStoredErrors: number;
  /** Errors kept on the job for the screen. */
  firstErrors: number;
}

export const DEFAULT_PIPELINE_LIMITS: PipelineLimits = { maxRows: 200_000, maxStoredErrors: 100_000, firstErrors: 200 };

export interface RowError extends CellError {
  row: number;
}

/** Tests make the write fail on a given row (a crash midway) through this hook. */
export const importTestHooks: { beforeWriteRow?: (kind: string, row: number) => void } = {};

/** Header cell to column name: trimmed, lower-case, runs of spaces and underscores are one underscore. */
export function normaliseHeader(header: string): string {
  return header.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s_]+/g, '_');
}

export interface HeaderMatch {
  /** Template column → index of the cell in each row. */
  index: Map<string, number>;
  unknown: string[];
  missing: string[];
}

export function matchHeader(kind: AnyImportKind, cells: string[]): HeaderMatch {
  const names = new Set(kind.columns.map((c) => c.name));
  const index = new Map<string, number>();
  const unknown: string[] = [];
  cells.forEach((cell, i) => {
    const name = normaliseHeader(cell);
    if (!name) return;
    if (names.has(name) && !index.has(name)) index.set(name, i);
    else unknown.push(cell.trim());
  });
  const missing = kind.columns.filter((c) => c.required && !index.has(c.name)).map((c) => c.name);
  return { index, unknown, missing };
}

interface DataRow {
  row: number;
  cells: Record<string, string>;
  formulaColumns: string[];
}

interface OpenFile {
  header: HeaderMatch;
  rows: AsyncGenerator<DataRow>;
  source: RowSource;
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** Opens the file, reads its header (the first non-blank row) and yields the data rows as cells by column. */
async function openFile(kind: AnyImportKind, format: FileFormat, file: string): Promise<OpenFile> {
  const source = readRows(format, file);
  const iterator = source.rows;
  let header: HeaderMatch | null = null;
  for (;;) {
    const next = await wrapRead(() => iterator.next(), format);
    if (next.done) break;
    if (isBlank(next.value.cells)) continue;
    header = matchHeader(kind, next.value.cells);
    break;
  }
  if (!header) {
    source.close();
    throw new ImportFileError('import.no_header');
  }
  const match = header;
  async function* rows(): AsyncGenerator<DataRow> {
    try {
      for (;;) {
        const next = await wrapRead(() => iterator.next(), format);
        if (next.done) return;
        const { row, cells, formulas } = next.value;
        if (isBlank(cells)) continue;
        const byColumn: Record<string, string> = {};
        const formulaColumns: string[] = [];
        for (const [name, i] of match.index) {
          byColumn[name] = (cells[i] ?? '').trim();
          if (formulas?.includes(i)) formulaColumns.push(name);
        }
        yield { row, cells: byColumn, formulaColumns };
      }
    } finally {
      await iterator.return(undefined);
      source.close();
    }
  }
  return { header: match, rows: rows(), source };
}

/** Parser errors become a file error with the parser's own detail (csv-parse names line and column). */
async function wrapRead<T>(read: () => Promise<T>, format: FileFormat): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    if (format === 'xlsx') throw new ImportFileError('import.not_xlsx');
    throw new ImportFileError('import.unreadable', { detail: err instanceof Error ? err.message.slice(0, 200) : String(err) });
  }
}

/** Refuses zip bombs and XML entities before an XLSX reaches exceljs. */
export async function guardFile(format: FileFormat, file: string): Promise<void> {
  if (format !== 'xlsx') return;
  try {
    await guardXlsx(file);
    // Sheets after the shared strings, so exceljs streams them (see reorderSheetsLast).
    const reordered = `${file}.reordered`;
    if (await reorderSheetsLast(file, reordered)) fs.renameSync(reordered, file);
  } catch (err) {
    if (err instanceof ZipGuardError) {
      const key: Record<ZipGuardError['problem'], MessageKey> = {
        not_zip: 'import.not_xlsx',
        not_xlsx: 'import.not_xlsx',
        zip_bomb: 'import.zip_bomb',
        entities: 'import.entities',
        encrypted: 'import.encrypted',
      };
      throw new ImportFileError(key[err.problem]);
    }
    throw err;
  }
}

export interface Progress {
  rowsRead: number;
  validRows: number;
  invalidRows: number;
  errorCount: number;
  progress: number;
}

export interface ValidationReport extends Progress {
  unknownColumns: string[];
  missingColumns: string[];
  firstErrors: RowError[];
}

/**
 * The validation pass: every row through the kind's schema, duplicates of natural keys within the file,
 * references (to the database, or to other rows of the file). Errors go to `errorsFile` as JSON lines.
 * Nothing is written to the catalog.
 */
export async function validateFile(options: {
  kind: AnyImportKind;
  db: Db;
  context: ImportContext;
  format: FileFormat;
  file: string;
  errorsFile: string;
  limits?: PipelineLimits;
  onProgress?: (p: Progress) => void | Promise<void>;
}): Promise<ValidationReport> {
  const { kind, db, format, file, errorsFile } = options;
  const limits = options.limits ?? DEFAULT_PIPELINE_LIMITS;
  await guardFile(format, file);
  const size = Math.max(1, fs.statSync(file).size);
  const refs = await kind.loadRefs(db, options.context);
  const opened = await openFile(kind, format, file);
  const report: ValidationReport = {
    rowsRead: 0, validRows: 0, invalidRows: 0, errorCount: 0, progress: 0,
    unknownColumns: opened.header.unknown, missingColumns: opened.header.missing, firstErrors: [],
  };
  if (opened.header.missing.length) {
    await opened.rows.return(undefined);
    throw new ImportFileError('import.missing_columns', { columns: opened.header.missing.join(', ') });
  }
  const out = fs.createWriteStream(errorsFile);
  let stored = 0;
  const writeError = async (error: RowError) => {
    report.errorCount++;
    if (report.firstErrors.length < limits.firstErrors) report.firstErrors.push(error);
    if (stored++ < limits.maxStoredErrors && !out.write(`${JSON.stringify(error)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  };
  const seen = new Map<string, number>();
  // Rows whose references only the file itself can satisfy, checked once every row is known.
  const deferred: Array<{ row: number; ownKey: string; refs: Array<{ column: string; key: string; value: string }> }> = [];
  try {
    for await (const { row, cells, formulaColumns } of opened.rows) {
      report.rowsRead++;
      if (report.rowsRead > limits.maxRows) throw new ImportFileError('import.too_many_rows', { max: limits.maxRows });
      // A NUL character cannot be stored in any column: refused per cell, like a formula.
      const nulColumns = Object.keys(cells).filter((column) => cells[column]!.includes('\u0000') && !formulaColumns.includes(column));
      const errors: CellError[] = [...formulaColumns.map((column) => ({ column, key: 'import.formula' as const })), ...nulColumns.map((column) => ({ column, key: 'validation.nul' as const }))];
      const parsed = kind.parseRow(cells, refs);
      if (!parsed.ok) errors.push(...parsed.errors.filter((e) => !formulaColumns.includes(e.column) && !nulColumns.includes(e.column)));
      else if (!errors.length) {
        const key = kind.naturalKey(parsed.value);
        const first = seen.get(key);
        if (first !== undefined) errors.push({ column: kind.keyColumn, key: 'import.duplicate', params: { row: first, value: cells[kind.keyColumn] ?? '' } });
        else {
          seen.set(key, row);
          const needs = kind.fileRefs?.(parsed.value, refs) ?? [];
          if (needs.length) deferred.push({ row, ownKey: key, refs: needs });
        }
      }
      if (errors.length) {
        report.invalidRows++;
        for (const e of errors) await writeError({ row, ...e });
      } else report.validRows++;
      if (report.rowsRead % 1000 === 0) {
        report.progress = Math.min(99, Math.floor((opened.source.bytesRead() / size) * 100));
        await options.onProgress?.(report);
      }
    }
    // References to rows of the file: a row is good when what it needs is provided by a good row.
    const good = new Set(seen.keys());
    for (let changed = true; changed; ) {
      changed = false;
      for (const d of deferred) {
        if (!good.has(d.ownKey)) continue;
        const missing = d.refs.find((r) => !good.has(r.key));
        if (!missing) continue;
        good.delete(d.ownKey);
        changed = true;
        report.validRows--;
        report.invalidRows++;
        await writeError({ row: d.row, column: missing.column, key: 'import.unknown_reference', params: { value: missing.value } });
      }
    }
  } finally {
    await new Promise((resolve) => out.end(resolve));
  }
  report.firstErrors.sort((a, b) => a.row - b.row);
  report.progress = 100;
  return report;
}

/** Row numbers that failed validation, read back from the error file. */
export async function invalidRowsOf(errorsFile: string): Promise<Set<number>> {
  const rows = new Set<number>();
  if (!fs.existsSync(errorsFile)) return rows;
  const { createInterface } = await import('node:readline');
  for await (const line of createInterface({ input: fs.createReadStream(errorsFile), crlfDelay: Infinity })) {
    if (line) rows.add((JSON.parse(line) as RowError).row);
  }
  return rows;
}

/**
 * The write pass, inside the caller's transaction: the file is read again, rows that failed validation are
 * skipped, the others are checked again (the catalog may have changed) and upserted in batches.
 * Any error aborts the transaction: nothing is half written.
 */
export async function writeFile(options: {
  kind: AnyImportKind;
  tx: Db;
  context: ImportContext;
  format: FileFormat;
  file: string;
  skip: Set<number>;
  expected: number;
  onProgress?: (written: number) => void | Promise<void>;
}): Promise<{ created: number; updated: number; rows: number }> {
  const { kind, tx, format, file, skip } = options;
  const refs = await kind.loadRefs(tx, options.context);
  const opened = await openFile(kind, format, file);
  const totals = { created: 0, updated: 0, rows: 0 };
  const batchSize = kind.batchSize ?? 500;
  let batch: unknown[] = [];
  const held: unknown[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const r = await kind.upsert(tx, batch, refs);
    totals.created += r.created;
    totals.updated += r.updated;
    totals.rows += batch.length;
    batch = [];
    await options.onProgress?.(totals.rows);
  };
  for await (const { row, cells, formulaColumns } of opened.rows) {
    if (skip.has(row)) continue;
    const parsed = kind.parseRow(cells, refs);
    if (!parsed.ok || formulaColumns.length) throw new ImportFileError('import.changed');
    importTestHooks.beforeWriteRow?.(kind.name, row);
    if (kind.writeOrder) held.push(parsed.value);
    else {
      batch.push(parsed.value);
      if (batch.length >= batchSize) await flush();
    }
  }
  if (kind.writeOrder) {
    held.sort((a, b) => kind.writeOrder!(a, b));
    for (const value of held) {
      batch.push(value);
      if (batch.length >= batchSize) await flush();
    }
  }
  await flush();
  if (totals.rows !== options.expected) throw new ImportFileError('import.changed');
  return totals;
}
