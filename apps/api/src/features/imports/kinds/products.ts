import { normalizeGtin, productBodySchema, UNITS } from '@enamel/contracts';
import { sql } from 'drizzle-orm';
import { brands, products, rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../../core/sql-rows.ts';
import { blankToNull, parseBoolean, parseDay, parseWhole, type AnyImportKind, type CellError, type Db } from '../../../core/import/kind.ts';
import { ImportFileError } from '../../../core/import/pipeline.ts';
import { defineRecordKind } from '../../../core/import/record-kind.ts';
import { loadCategoryTree, normalisePath, type CategoryTree } from './category-tree.ts';
import { importedInactiveSuccessor, importedSuccessionCycle, lockSuccession } from '../../products/index.ts';

interface ProductRefs {
  brands: Map<string, number>;
  categories: CategoryTree;
  /** The catalog's products by lower-case SKU, and who replaces whom: a successor is named by its SKU. */
  products: Map<string, { id: number; status: string }>;
  successors: Map<number, number>;
  /**
   * Rows naming a successor the catalog does not hold yet, by the row's lower-case SKU: the successor's SKU (a product
   * the same file adds). Filled as rows are parsed; the file's own check (`fileRefs`) refuses the row if no good row
   * of the file has that SKU.
   */
  pending: Map<string, string>;
  /** In the write: rows written whose successor is still to be linked (it comes later in the file), oldest first. */
  unresolved: PendingSuccession[];
}

/** A row's succession to a product of the same file: linked once that product is written. */
interface PendingSuccession {
  sku: string;
  successorSku: string;
  date: string;
  factor: string;
}

async function loadProducts(db: Db): Promise<Pick<ProductRefs, 'products' | 'successors'>> {
  const all = await (db as Database).select({ id: products.id, sku: products.sku, status: products.status, successorId: products.successorId }).from(products);
  return {
    products: new Map(all.map((p) => [p.sku.toLowerCase(), { id: p.id, status: p.status }])),
    successors: new Map(all.filter((p) => p.successorId !== null).map((p) => [p.id, p.successorId!])),
  };
}

const pendingRefs = (): Pick<ProductRefs, 'pending' | 'unresolved'> => ({ pending: new Map(), unresolved: [] });

/**
 * A row's succession, checked as the form's write checks it (docs/product-rules.md#succession): the successor is
 * named by the SKU of a product in the catalog or added by the same file ('file': checked once the file is read); it
 * is not the row's product, is active, and following successors from it (as the catalog holds them) does not come back
 * to the row's product. A date or factor without a successor is refused; with one, they default to today and 1. An
 * empty successor keeps the product's succession.
 */
function checkSuccession(cells: Record<string, string>, refs: ProductRefs, errors: CellError[]): number | 'file' | undefined {
  const sku = cells.successor_sku;
  if (!sku) {
    if (cells.succession_date) errors.push({ column: 'succession_date', key: 'catalog.succession_without_successor' });
    if (cells.succession_factor) errors.push({ column: 'succession_factor', key: 'catalog.succession_without_successor' });
    return undefined;
  }
  const successor = refs.products.get(sku.toLowerCase());
  const own = refs.products.get((cells.sku ?? '').toLowerCase());
  const fail = (key: CellError['key']) => (errors.push({ column: 'successor_sku', key, params: { value: sku } }), undefined);
  if (sku.toLowerCase() === (cells.sku ?? '').toLowerCase()) return fail('catalog.successor_self');
  if (!successor) return 'file';
  if (successor.status !== 'active') return fail('catalog.successor_inactive');
  if (own) {
    const seen = new Set<number>();
    for (let at: number | undefined = successor.id; at !== undefined && !seen.has(at); at = refs.successors.get(at)) {
      if (at === own.id) return fail('catalog.successor_cycle');
      seen.add(at);
    }
  }
  return successor.id;
}

async function loadBrands(db: Db): Promise<Map<string, number>> {
  const all = await (db as Database).select({ id: brands.id, name: brands.name }).from(brands);
  return new Map(all.map((b) => [b.name.toLowerCase(), b.id]));
}

/**
 * Products: natural key the SKU, case-insensitive. The brand is named (it must exist); the category is a
 * path ("Consumables > Gloves") or a name found once in the catalog. Units are the contract's UNITS.
 */
const baseKind = defineRecordKind({
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
    successor_sku: { example: '', type: 'bigint', field: 'successor_id' },
    succession_date: { example: '', type: 'date' },
    succession_factor: { example: '', type: 'numeric(14,6)' },
  },
  // An empty successor keeps the product's succession (all three columns together; none for a new product).
  keepWhenAbsent: { tracks_lots: false, successor_id: null, succession_date: null, succession_factor: null },
  loadRefs: async (db) => ({ brands: await loadBrands(db), categories: await loadCategoryTree(db), ...(await loadProducts(db)), ...pendingRefs() }),
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
      ...succession(cells, refs, errors),
    };
  },
  explain: (e) => (e.key === 'import.one_of' && (e.column === 'usage_unit' || e.column === 'purchase_unit') ? { ...e, params: { values: UNITS.join(', ') } } : e),
  stored: (v, refs, body) => {
    const successorSku = refs.pending.get(v.sku.toLowerCase());
    const date = v.succession_date ?? new Date().toISOString().slice(0, 10);
    const factor = v.succession_factor ?? '1';
    return {
      ok: true,
      // An empty tracks_lots cell keeps what the product had (false for a new one).
      value: {
        ...v,
        gtin: v.gtin ? normalizeGtin(v.gtin) : null,
        tracks_lots: body.tracks_lots === undefined ? undefined : v.tracks_lots,
        ...(v.successor_id ? { successor_id: v.successor_id, succession_date: date, succession_factor: factor } : { successor_id: undefined, succession_date: undefined, succession_factor: undefined }),
        // Not a column: the successor the same file adds, linked after the write (linkPending).
        ...(successorSku ? { pending_succession: { sku: v.sku, successorSku, date, factor } satisfies PendingSuccession } : {}),
      },
    };
  },
  // A successor not in the catalog must be a good row of the same file.
  fileRefs: (row: { pending_succession?: PendingSuccession }) => (row.pending_succession ? [{ column: 'successor_sku', key: row.pending_succession.successorSku.toLowerCase(), value: row.pending_succession.successorSku }] : []),
});

function succession(cells: Record<string, string>, refs: ProductRefs, errors: CellError[]) {
  const successorId = checkSuccession(cells, refs, errors);
  if (successorId === undefined) return {};
  const day = cells.succession_date ? (parseDay(cells.succession_date) ?? cells.succession_date) : undefined;
  // A successor the file adds: the date and factor are checked by the schema here, the link is made after the write.
  if (successorId === 'file') refs.pending.set((cells.sku ?? '').toLowerCase(), cells.successor_sku!);
  return { successor_id: successorId === 'file' ? undefined : successorId, succession_date: day, succession_factor: cells.succession_factor || undefined };
}

/**
 * Links the written rows whose successor the file adds, once it is written too (in this batch or an earlier one):
 * the three columns in one UPDATE per batch. Returns the SKUs linked.
 */
async function linkPending(tx: Db, refs: ProductRefs): Promise<string[]> {
  if (!refs.unresolved.length) return [];
  const written = await rowsOf(
    tx,
    sqlRow({ sku: sqlCol.text }),
    sql`select lower(sku) as sku from products where lower(sku) in (select lower(x) from jsonb_array_elements_text(${JSON.stringify(refs.unresolved.map((u) => u.successorSku))}::jsonb) as x)`,
  );
  const present = new Set(written.map((w) => w.sku));
  const now = refs.unresolved.filter((u) => present.has(u.successorSku.toLowerCase()));
  if (!now.length) return [];
  refs.unresolved = refs.unresolved.filter((u) => !present.has(u.successorSku.toLowerCase()));
  await tx.execute(sql`update products p set successor_id = s.id, succession_date = x.day::date, succession_factor = x.factor::numeric, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(now.map((u) => ({ sku: u.sku.toLowerCase(), successor: u.successorSku.toLowerCase(), day: u.date, factor: u.factor })))}::jsonb)
      as x(sku text, successor text, day text, factor text)
    join products s on lower(s.sku) = x.successor
    where lower(p.sku) = x.sku`);
  return now.map((u) => u.sku);
}

/**
 * Products, with their succession: each batch is written under the succession lock (taken before any product row,
 * as every other write of a successor does), and a cycle the file makes with itself or the catalog aborts the
 * import (each row was checked against the catalog alone when the file was validated), as does a successor
 * deactivated since (the successors are then held FOR SHARE until the import commits).
 */
export const productKind: AnyImportKind = {
  ...baseKind,
  async upsert(tx, rows, refs) {
    await lockSuccession(tx);
    const result = await baseKind.upsert(tx, rows, refs);
    // Successors the file adds: linked as soon as they are written (a later batch for a successor further down).
    const own = refs as ProductRefs;
    for (const r of rows as Array<{ pending_succession?: PendingSuccession }>) if (r.pending_succession) own.unresolved.push(r.pending_succession);
    const linked = await linkPending(tx, own);
    const skus = [...(rows as Array<{ sku: string; successor_id?: number }>).filter((r) => r.successor_id).map((r) => r.sku), ...linked];
    const cycle = await importedSuccessionCycle(tx, skus);
    if (cycle) throw new ImportFileError('import.successor_cycle', { value: cycle });
    if (await importedInactiveSuccessor(tx, skus)) throw new ImportFileError('import.changed');
    return result;
  },
};
