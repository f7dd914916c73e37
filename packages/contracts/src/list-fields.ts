import { z } from 'zod';
import type { ColumnType, ListColumnDeclaration } from './lists.ts';

/** What a reader may do with a list column: sort by it, filter on it, find rows by the search box. */
export type ColumnCapabilities = Omit<ListColumnDeclaration, 'type'>;

/**
 * One field of a list's row, declared once: its schema, and, for a list column, what the list declares
 * about it (type, sort, filter, search). A field whose `column` is undefined travels in the row only.
 */
export interface ListField<T extends z.ZodType = z.ZodType, C extends ListColumnDeclaration | undefined = ListColumnDeclaration | undefined> {
  readonly schema: T;
  readonly column: C;
}
/** A row field that is a list column. */
export type ColumnField<T extends z.ZodType = z.ZodType> = ListField<T, ListColumnDeclaration>;
/** A row's fields by name, in the order of the row (and of the list's columns). */
export type ListFields = Readonly<Record<string, ListField>>;
/** The zod shape of a row's fields. */
export type FieldShape<F extends ListFields> = { -readonly [K in keyof F]: F[K]['schema'] };
/** The names of the fields that are list columns. */
export type ColumnNames<F extends ListFields> = { [K in keyof F]: F[K] extends ColumnField ? K : never }[keyof F] & string;

function column<T extends z.ZodType>(type: ColumnType, schema: T, can: ColumnCapabilities = {}): ColumnField<T> {
  return { schema, column: { type, ...can } };
}

/**
 * The column builder: each list column with its row schema and its capabilities, e.g.
 * `name: col.text({ sort: true, filter: true, search: true })`. Quantities and money are `decimal`
 * (exact decimal text, a number column); counts and ids are `int`.
 */
export const col = {
  text: (can?: ColumnCapabilities) => column('string', z.string(), can),
  enum: <const V extends readonly [string, ...string[]]>(values: V, can?: ColumnCapabilities) => column('string', z.enum(values), can),
  int: (can?: ColumnCapabilities) => column('number', z.number().int(), can),
  number: (can?: ColumnCapabilities) => column('number', z.number(), can),
  decimal: (can?: ColumnCapabilities) => column('number', z.string(), can),
  /** A timestamp (ISO text) or calendar day (`YYYY-MM-DD`). */
  date: (can?: ColumnCapabilities) => column('date', z.string(), can),
  bool: (can?: ColumnCapabilities) => column('bool', z.boolean(), can),
  /** A column of its own schema (bounds, refinements), of a type its schema fits (`contractProblems` checks). */
  of: <T extends z.ZodType>(type: ColumnType, schema: T, can?: ColumnCapabilities) => column(type, schema, can),
  /** The same field, or null. */
  nullable: <T extends z.ZodType, C extends ListColumnDeclaration | undefined>(field: ListField<T, C>): ListField<z.ZodNullable<T>, C> => ({ schema: field.schema.nullable(), column: field.column }),
  /** A row field that is no list column (JSON, composed values, per-reader flags): shown only, never sorted, filtered or exported. */
  field: <T extends z.ZodType>(schema: T): ListField<T, undefined> => ({ schema, column: undefined }),
};

/** The zod shape of fields, in their order. */
export function fieldShape<F extends ListFields>(fields: F): FieldShape<F> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema])) as FieldShape<F>;
}

/** The column declarations of fields, in their order (the fields that are no column left out). */
export function fieldColumns<F extends ListFields>(fields: F): { readonly [K in ColumnNames<F>]: ListColumnDeclaration } {
  const columns: Record<string, ListColumnDeclaration> = {};
  for (const [name, field] of Object.entries(fields)) if (field.column) columns[name] = field.column;
  return columns as { readonly [K in ColumnNames<F>]: ListColumnDeclaration };
}
