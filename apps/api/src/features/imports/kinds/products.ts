import { normalizeGtin, productBodySchema, UNITS } from '@enamel/contracts';
import { brands, type Database } from '@enamel/db';
import { blankToNull, defineKind, issuesToCellErrors, optionalLower, parseBoolean, parseWhole, type CellError, type Db } from '../../../core/import/kind.ts';
import { upsertRows } from '../../../core/import/upsert.ts';
import { loadCategoryTree, normalisePath, type CategoryTree } from './category-tree.ts';

interface ProductRow {
  sku: string;
  name: string;
  gtin: string | null;
  brand_id: number | null;
  category_id: number | null;
  usage_unit: string;
  purchase_unit: string;
  units_per_purchase_unit: number;
  purchase_price: string;
  tracks_lots: boolean | undefined;
  description: string | null;
  status: string | undefined;
}

interface ProductRefs {
  brands: Map<string, number>;
  categories: CategoryTree;
}

const FIELD_TO_COLUMN: Record<string, string> = { brand_id: 'brand', category_id: 'category' };

async function loadBrands(db: Db): Promise<Map<string, number>> {
  const all = await (db as Database).select({ id: brands.id, name: brands.name }).from(brands);
  return new Map(all.map((b) => [b.name.toLowerCase(), b.id]));
}

/**
 * Products: natural key the SKU, case-insensitive. The brand is named (it must exist); the category is a
 * path ("Consumables > Gloves") or a name found once in the catalog. Units are the contract's UNITS.
 */
export const productKind = defineKind<ProductRow, ProductRefs>({
  name: 'product',
  subject: 'Product',
  keyColumn: 'sku',
  batchSize: 1000,
  columns: [
    { name: 'sku', required: true, example: 'GLV-NIT-M-100' },
    { name: 'name', required: true, example: 'Nitrile examination gloves, size M' },
    { name: 'gtin', example: '04006381333931' },
    { name: 'brand', example: 'Septodont' },
    { name: 'category', example: 'Consumables > Gloves' },
    { name: 'usage_unit', required: true, example: 'each' },
    { name: 'purchase_unit', required: true, example: 'box' },
    { name: 'units_per_purchase_unit', required: true, example: '100' },
    { name: 'purchase_price', required: true, example: '8.90' },
    { name: 'tracks_lots', example: 'no' },
    { name: 'description', example: 'Powder-free, textured fingertips' },
    { name: 'status', example: 'active' },
  ],
  loadRefs: async (db) => ({ brands: await loadBrands(db), categories: await loadCategoryTree(db) }),
  parseRow(cells, refs) {
    const errors: CellError[] = [];
    let brandId: number | null = null;
    if (cells.brand) {
      brandId = refs.brands.get(cells.brand.toLowerCase()) ?? null;
      if (brandId === null) errors.push({ column: 'brand', key: 'import.unknown_brand', params: { value: cells.brand } });
    }
    let categoryId: number | null = null;
    if (cells.category) {
      const path = normalisePath(cells.category).toLowerCase();
      const byPath = refs.categories.byPath.get(path);
      const byName = refs.categories.byName.get(path) ?? [];
      if (byPath !== undefined) categoryId = byPath;
      else if (byName.length === 1) categoryId = byName[0]!;
      else errors.push({ column: 'category', key: byName.length > 1 ? 'import.ambiguous_category' : 'import.unknown_category', params: { value: cells.category } });
    }
    const body = {
      sku: cells.sku,
      name: cells.name,
      gtin: blankToNull(cells.gtin),
      brand_id: brandId,
      category_id: categoryId,
      usage_unit: cells.usage_unit?.toLowerCase() ?? '',
      purchase_unit: cells.purchase_unit?.toLowerCase() ?? '',
      units_per_purchase_unit: parseWhole(cells.units_per_purchase_unit),
      purchase_price: cells.purchase_price,
      tracks_lots: parseBoolean(cells.tracks_lots),
      description: blankToNull(cells.description),
      status: optionalLower(cells.status),
    };
    const parsed = productBodySchema.safeParse(body);
    if (!parsed.success) {
      const columnErrors = issuesToCellErrors(parsed.error.issues, body, (f) => FIELD_TO_COLUMN[f] ?? f).map((e) =>
        e.key === 'import.one_of' && (e.column === 'usage_unit' || e.column === 'purchase_unit') ? { ...e, params: { values: UNITS.join(', ') } } : e,
      );
      errors.push(...columnErrors.filter((e) => !errors.some((o) => o.column === e.column)));
    }
    if (errors.length || !parsed.success) return { ok: false, errors };
    const v = parsed.data;
    return {
      ok: true,
      value: {
        sku: v.sku,
        name: v.name,
        gtin: v.gtin ? normalizeGtin(v.gtin) : null,
        brand_id: v.brand_id,
        category_id: v.category_id,
        usage_unit: v.usage_unit,
        purchase_unit: v.purchase_unit,
        units_per_purchase_unit: v.units_per_purchase_unit,
        purchase_price: v.purchase_price,
        // An empty cell keeps what the product had (false for a new one).
        tracks_lots: body.tracks_lots === undefined ? undefined : v.tracks_lots,
        description: v.description,
        status: v.status,
      },
    };
  },
  naturalKey: (row) => row.sku.toLowerCase(),
  upsert: (tx, rows) =>
    upsertRows(
      tx,
      {
        table: 'products',
        conflict: 'lower(sku)',
        columns: {
          sku: 'varchar(64)', name: 'varchar(200)', gtin: 'varchar(14)', brand_id: 'bigint', category_id: 'bigint', usage_unit: 'varchar(24)',
          purchase_unit: 'varchar(24)', units_per_purchase_unit: 'integer', purchase_price: 'numeric(14,4)', tracks_lots: 'boolean', description: 'text', status: 'varchar(16)',
        },
        keepWhenAbsent: { status: 'active', tracks_lots: false },
      },
      rows.map((r) => ({ ...r })),
    ),
});
