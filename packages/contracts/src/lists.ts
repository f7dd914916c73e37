import { z } from 'zod';
import { fieldColumns, fieldShape, type ColumnNames, type FieldShape, type ListFields } from './list-fields.ts';

/** Column types of the data table (docs/client-contract.md#data-table). */
export const COLUMN_TYPES = ['string', 'number', 'date', 'bool'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** The filter conditions per type (docs/client-contract.md#filters); every type also has is_null / is_not_null. */
export const FILTER_CONDITIONS = {
  string: ['contain', 'not_contain', 'equal', 'not_equal', 'start_with', 'end_with', 'is_null', 'is_not_null'],
  number: ['equal', 'not_equal', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal', 'is_null', 'is_not_null'],
  date: ['equal', 'not_equal', 'greater_than', 'less_than', 'is_null', 'is_not_null'],
  bool: ['equal', 'is_null', 'is_not_null'],
} as const satisfies Record<ColumnType, readonly string[]>;
export type FilterCondition = (typeof FILTER_CONDITIONS)[ColumnType][number];

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** What a list declares about a column: the API and the data table read the same declaration. */
export interface ListColumnDeclaration {
  type: ColumnType;
  sort?: boolean;
  filter?: boolean;
  search?: boolean;
}

/**
 * A list as both sides know it, declared once: the row each page carries (`row`), and the columns with
 * their type and what a reader may do with them (sort, filter, search). Every column is a field of the
 * row and leaves in the CSV export; a row may carry more fields than columns (JSON, composed values).
 * The API binds each column to one SQL expression (`bindList`); the web adds only titles, widths and
 * renderers; both infer the row type from `row`. `listContract` derives `row` and `columns` from one
 * declaration per field (`col`, list-fields.ts).
 */
export interface ListContract<S extends z.ZodRawShape = z.ZodRawShape, C extends keyof S & string = keyof S & string> {
  path: string;
  row: z.ZodObject<S>;
  columns: { readonly [K in C]: ListColumnDeclaration };
  defaultSort: { field: C; direction: 'asc' | 'desc' };
}
/** The row type of a list contract. */
export type ListRow<L extends ListContract> = z.infer<L['row']>;
/** The column names of a list contract. */
export type ListColumnName<L extends ListContract> = keyof L['columns'] & string;

/**
 * Declares a list contract from its row's fields, each declared once with its schema and, for a column,
 * its type and capabilities (`col.text({ sort: true, filter: true, search: true })`, `col.field(schema)`
 * for a field that is no column): the row is the strict object of the fields' schemas and the columns are
 * the column fields, both in declaration order (the CSV export's order).
 */
export function listContract<F extends ListFields>(contract: {
  path: string;
  fields: F;
  defaultSort: { field: NoInfer<ColumnNames<F>>; direction: 'asc' | 'desc' };
}): ListContract<FieldShape<F>, ColumnNames<F>> {
  return { path: contract.path, row: z.strictObject(fieldShape(contract.fields)), columns: fieldColumns(contract.fields), defaultSort: contract.defaultSort };
}

const TYPE_OF_FIELD: Record<ColumnType, readonly string[]> = {
  // Quantities and money travel as exact decimal text; counts and ids as numbers.
  number: ['number', 'string'],
  string: ['string', 'enum'],
  date: ['string'],
  bool: ['boolean'],
};

function fieldKind(schema: z.ZodType): { kind: string; integer: boolean } {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodNullable || s instanceof z.ZodOptional) s = s.unwrap() as z.ZodType;
  return { kind: s.def.type, integer: s instanceof z.ZodNumber && s.isInt === true };
}

/** Whether a column's row field holds whole numbers (the API bounds integer filters by it). */
export function isIntegerColumn(contract: ListContract, column: string): boolean {
  const field = contract.row.shape[column];
  return field !== undefined && fieldKind(field as z.ZodType).integer;
}

/** Whether a column's row field is a JSON number (a driver may hand numeric SQL over as text). */
export function isNumberField(contract: ListContract, column: string): boolean {
  const field = contract.row.shape[column];
  return field !== undefined && fieldKind(field as z.ZodType).kind === 'number';
}

/** What is wrong with a contract: a column whose row field is missing or of another type, or a default sort on no column. */
export function contractProblems(contract: ListContract): string[] {
  const problems: string[] = [];
  for (const [name, column] of Object.entries<ListColumnDeclaration>(contract.columns)) {
    const field = contract.row.shape[name];
    if (!field) problems.push(`${contract.path}: column ${name} is not a field of the row`);
    else if (!TYPE_OF_FIELD[column.type].includes(fieldKind(field as z.ZodType).kind))
      problems.push(`${contract.path}: column ${name} is declared ${column.type} but its field is ${fieldKind(field as z.ZodType).kind}`);
  }
  if (!(contract.defaultSort.field in contract.columns)) problems.push(`${contract.path}: default sort ${contract.defaultSort.field} is not a column`);
  return problems;
}

export const columnFilterSchema = z.strictObject({
  field: z.string().min(1).max(64),
  condition: z.string().min(1).max(32),
  value: z.union([z.string().max(500), z.number(), z.boolean(), z.null()]).optional(),
});
export type ColumnFilter = z.infer<typeof columnFilterSchema>;

/** The lists' server-mode request, as query parameters (docs/client-contract.md#lists). */
export const listQuerySchema = z.object({
  current_page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pagesize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000_000).optional(),
  sort_column: z.string().max(64).optional(),
  sort_direction: z.enum(['asc', 'desc']).optional(),
  search: z.string().max(200).optional(),
  column_filters: z.string().max(10_000).optional(),
  change_type: z.string().max(32).optional(),
  /** `csv` answers the whole filtered, sorted list as a CSV download instead of one JSON page. */
  format: z.enum(['json', 'csv']).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const pageLinksSchema = z.object({
  first: z.string(),
  last: z.string(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema, links: pageLinksSchema });
}
