import { z } from 'zod';

/** Column types of the notes' data table. */
export const COLUMN_TYPES = ['string', 'number', 'date', 'bool'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** The notes' §5 filter conditions per type; every type also has is_null / is_not_null. */
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
export type ListDeclaration = Record<string, ListColumnDeclaration>;

export const columnFilterSchema = z.strictObject({
  field: z.string().min(1).max(64),
  condition: z.string().min(1).max(32),
  value: z.union([z.string().max(500), z.number(), z.boolean(), z.null()]).optional(),
});
export type ColumnFilter = z.infer<typeof columnFilterSchema>;

/** The notes' server-mode table request, as query parameters. */
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
