import type { z } from 'zod';
import type { Subject } from '@enamel/contracts';
import { defineKind, issuesToCellErrors, optionalLower, type AnyImportKind, type CellError, type Db, type ImportColumn, type ImportContext, type RowResult } from './kind.ts';
import { upsertRows } from './upsert.ts';

/** A catalog record's column: its template header (the key it is declared under), example, and stored SQL type. */
export interface RecordColumn extends Omit<ImportColumn, 'name'> {
  type: string;
  /** The body field and stored column, when named otherwise than the header (brand → brand_id). */
  field?: string;
}

/** Every catalog record's status: an empty cell keeps the stored one, a new record is active. */
export const STATUS_COLUMN: ImportColumn = { name: 'status', example: 'active' };
const STATUS_STORED = { type: 'varchar(16)', default: 'active' };

type Row = Record<string, unknown>;

/** A catalog record imported as its form saves it: checked by the form's schema, upserted on its natural key. */
export interface RecordKindSpec<TBody extends Row, TRefs> {
  name: string;
  subject: Subject;
  table: string;
  /** The natural key's column; rows are told apart by its value, case-insensitively. */
  key: string;
  /** The expression of the natural key's unique index, e.g. `lower(name)`. */
  conflict: string;
  /** Template columns in order, each with its stored type; the status column follows them. */
  columns: Readonly<Record<string, RecordColumn>>;
  schema: z.ZodType<TBody>;
  /** Cells to the schema's body (status is added); a reference lookup pushes its error, which wins over the schema's on that column. */
  body(cells: Record<string, string>, refs: TRefs, errors: CellError[]): Row;
  /** The checked body to the stored row, or a refusal; the body itself by default. */
  stored?(value: TBody, refs: TRefs, body: Row): RowResult<Row>;
  /** Rewrites a schema error for the template's reader (the units a unit column allows). */
  explain?(error: CellError): CellError;
  loadRefs?(db: Db, context: ImportContext): Promise<TRefs>;
  /** References the stored row needs that the database lacks and another row of the file may provide (ImportKind.fileRefs). */
  fileRefs?: (row: Row, refs: TRefs) => Array<{ column: string; key: string; value: string }>;
  /** Columns besides status that keep their stored value when their cell is empty (this default on insert). */
  keepWhenAbsent?: Record<string, unknown>;
  batchSize?: number;
}

export function defineRecordKind<TBody extends Row, TRefs = null>(spec: RecordKindSpec<TBody, TRefs>): AnyImportKind {
  const declared = Object.entries(spec.columns);
  const columnTypes = { ...Object.fromEntries(declared.map(([name, c]) => [c.field ?? name, c.type])), status: STATUS_STORED.type };
  const columnOf = new Map(declared.map(([name, c]) => [c.field ?? name, name]));
  const keepWhenAbsent = { status: STATUS_STORED.default, ...spec.keepWhenAbsent };
  return defineKind<Row, TRefs>({
    name: spec.name,
    subject: spec.subject,
    keyColumn: spec.key,
    batchSize: spec.batchSize,
    columns: [...declared.map(([name, c]) => ({ name, required: c.required, example: c.example })), STATUS_COLUMN],
    loadRefs: (db, context) => (spec.loadRefs ? spec.loadRefs(db, context) : Promise.resolve(null as TRefs)),
    parseRow(cells, refs) {
      const errors: CellError[] = [];
      const body = { ...spec.body(cells, refs, errors), status: optionalLower(cells.status) };
      const parsed = spec.schema.safeParse(body);
      if (!parsed.success) {
        const schemaErrors = issuesToCellErrors(parsed.error.issues, body, (f) => columnOf.get(f) ?? f).map((e) => spec.explain?.(e) ?? e);
        errors.push(...schemaErrors.filter((e) => !errors.some((o) => o.column === e.column)));
      }
      if (errors.length || !parsed.success) return { ok: false, errors };
      return spec.stored ? spec.stored(parsed.data, refs, body) : { ok: true, value: parsed.data };
    },
    naturalKey: (row) => String(row[spec.key]).toLowerCase(),
    ...(spec.fileRefs ? { fileRefs: spec.fileRefs } : {}),
    upsert: (tx, rows) => upsertRows(tx, { table: spec.table, conflict: spec.conflict, columns: columnTypes, keepWhenAbsent }, rows),
  });
}
