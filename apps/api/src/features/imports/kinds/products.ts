import { normalizeGtin, productBodySchema, UNITS } from '@enamel/contracts';
import { brands, type Database } from '@enamel/db';
import { blankToNull, parseBoolean, parseWhole, type Db } from '../../../core/import/kind.ts';
import { defineRecordKind } from '../../../core/import/record-kind.ts';
import { loadCategoryTree, normalisePath, type CategoryTree } from './category-tree.ts';

interface ProductRefs {
  brands: Map<string, number>;
  categories: CategoryTree;
}

async function loadBrands(db: Db): Promise<Map<string, number>> {
  const all = await (db as Database).select({ id: brands.id, name: brands.name }).from(brands);
  return new Map(all.map((b) => [b.name.toLowerCase(), b.id]));
}

/**
 * Products: natural key the SKU, case-insensitive. The brand is named (it must exist); the category is a
 * path ("Consumables > Gloves") or a name found once in the catalog. Units are the contract's UNITS.
 */
export const productKind = defineRecordKind({
  name: 'product',
  subject: 'Product',
  table: 'products',
  key: 'sku',
  conflict: 'lower(sku)',
  schema: productBodySchema,
  batchSize: 1000,
  columns: {
    sku: { required: true, example: 'GLV-NIT-M-100', type: 'varchar(64)' },
    name: { required: true, example: 'Nitrile examination gloves, size M', type: 'varchar(200)' },
    gtin: { example: '04006381333931', type: 'varchar(14)' },
    brand: { example: 'Septodont', type: 'bigint', field: 'brand_id' },
    category: { example: 'Consumables > Gloves', type: 'bigint', field: 'category_id' },
    usage_unit: { required: true, example: 'each', type: 'varchar(24)' },
    purchase_unit: { required: true, example: 'box', type: 'varchar(24)' },
    units_per_purchase_unit: { required: true, example: '100', type: 'integer' },
    purchase_price: { required: true, example: '8.90', type: 'numeric(14,4)' },
    tracks_lots: { example: 'no', type: 'boolean' },
    description: { example: 'Powder-free, textured fingertips', type: 'text' },
  },
  keepWhenAbsent: { tracks_lots: false },
  loadRefs: async (db) => ({ brands: await loadBrands(db), categories: await loadCategoryTree(db) }),
  body(cells, refs: ProductRefs, errors) {
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
    return {
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
    };
  },
  explain: (e) => (e.key === 'import.one_of' && (e.column === 'usage_unit' || e.column === 'purchase_unit') ? { ...e, params: { values: UNITS.join(', ') } } : e),
  stored: (v, _refs, body) => ({
    ok: true,
    // An empty tracks_lots cell keeps what the product had (false for a new one).
    value: { ...v, gtin: v.gtin ? normalizeGtin(v.gtin) : null, tracks_lots: body.tracks_lots === undefined ? undefined : v.tracks_lots },
  }),
});
