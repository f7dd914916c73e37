import { brandBodySchema } from '@enamel/contracts';
import { blankToNull, defineKind, issuesToCellErrors, optionalLower } from '../../../core/import/kind.ts';
import { upsertRows } from '../../../core/import/upsert.ts';

interface BrandRow {
  name: string;
  manufacturer: string | null;
  website: string | null;
  status: string | undefined;
}

/** Brands: natural key the name, case-insensitive. */
export const brandKind = defineKind<BrandRow, null>({
  name: 'brand',
  subject: 'Brand',
  keyColumn: 'name',
  columns: [
    { name: 'name', required: true, example: 'Septodont' },
    { name: 'manufacturer', example: 'Septodont Holding' },
    { name: 'website', example: 'https://www.septodont.com' },
    { name: 'status', example: 'active' },
  ],
  loadRefs: async () => null,
  parseRow(cells) {
    const body = { name: cells.name, manufacturer: blankToNull(cells.manufacturer), website: blankToNull(cells.website), status: optionalLower(cells.status) };
    const parsed = brandBodySchema.safeParse(body);
    if (!parsed.success) return { ok: false, errors: issuesToCellErrors(parsed.error.issues, body, (f) => f) };
    const v = parsed.data;
    return { ok: true, value: { name: v.name, manufacturer: v.manufacturer, website: v.website, status: v.status } };
  },
  naturalKey: (row) => row.name.toLowerCase(),
  upsert: (tx, rows) =>
    upsertRows(
      tx,
      { table: 'brands', conflict: 'lower(name)', columns: { name: 'varchar(120)', manufacturer: 'varchar(160)', website: 'varchar(300)', status: 'varchar(16)' }, keepWhenAbsent: { status: 'active' } },
      rows.map((r) => ({ ...r })),
    ),
});
