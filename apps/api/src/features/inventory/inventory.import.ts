import { and, eq, isNull, sql } from 'drizzle-orm';
import { decimalSchema, toDecimal } from '@enamel/contracts';
import { inventories, lots, rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { unitCost } from '../../core/catalog-sql.ts';
import { definePracticeKind, parseDay } from '../../core/import/kind.ts';
import { DEFAULT_ORGANISATION_CURRENCY } from '../organisation/index.ts';
import { lockInventory, receive, take, type MovementContext, type Tx } from '../stock/index.ts';

interface InventoryImportRow {
  practiceId: number;
  productId: number;
  tracksLots: boolean;
  quantity: string;
  unitCost: string;
  lotNumber: string | null;
  expiryDate: string | null;
  reorderPoint: string | undefined;
  parLevel: string | undefined;
  location: string | undefined;
}

interface Refs {
  products: Map<string, { id: number; tracksLots: boolean; unitCost: string }>;
  /** Each practice's currency, and the catalog's: a missing unit cost is the catalog's only when they match. */
  currencies: Map<number, string>;
  catalogCurrency: string;
}

const decimal = (v: string | undefined) => (v ? decimalSchema.safeParse(v) : undefined);

/**
 * Opening stock: per practice, product and lot, the quantity on the shelf. Importing sets each lot to
 * that quantity through the ledger (a receipt for a new lot, a count correction for an existing one),
 * so importing the same file again changes nothing. Reorder point, par level and location are updated
 * when given.
 */
export const inventoryKind = definePracticeKind<InventoryImportRow, Refs>({
  name: 'inventory',
  subject: 'Inventory',
  keyColumn: 'sku',
  batchSize: 200,
  columns: [
    { name: 'sku', required: true, example: 'ART-4-100-50' },
    { name: 'quantity', required: true, example: '120' },
    { name: 'unit_cost', example: '0.9800' },
    { name: 'lot_number', example: 'L2407A' },
    { name: 'expiry_date', example: '2027-06-30' },
    { name: 'reorder_point', example: '50' },
    { name: 'par_level', example: '200' },
    { name: 'location', example: 'Sterilisation room, shelf 2' },
  ],
  loadRefs: async (db) => {
    const products = await rowsOf(
      db,
      sqlRow({ id: sqlCol.int, sku: sqlCol.text, tracks_lots: sqlCol.bool, unit_cost: sqlCol.decimal }),
      sql`select id::int as id, sku, tracks_lots, ${unitCost} as unit_cost from products`,
    );
    const currencies = await rowsOf(db, sqlRow({ id: sqlCol.int, currency: sqlCol.text }), sql`select id::int as id, currency from dental_practices`);
    const [catalog] = await rowsOf(db, sqlRow({ currency: sqlCol.text }), sql`select currency from organisation_settings where id = 1`);
    return {
      currencies: new Map(currencies.map((c) => [Number(c.id), c.currency])),
      catalogCurrency: catalog?.currency ?? DEFAULT_ORGANISATION_CURRENCY,
      products: new Map(products.map((p) => [p.sku.toLowerCase(), { id: Number(p.id), tracksLots: p.tracks_lots, unitCost: p.unit_cost }])),
    };
  },
  parseRow(cells, refs, practiceId, errors) {
    const product = refs.products.get((cells.sku ?? '').toLowerCase());
    if (!product) errors.push({ column: 'sku', key: cells.sku ? 'import.unknown_sku' : 'validation.required', params: { value: cells.sku ?? '' } });
    const quantity = decimal(cells.quantity);
    if (!quantity?.success) errors.push({ column: 'quantity', key: cells.quantity ? 'import.decimal' : 'validation.required' });
    const unitCost = decimal(cells.unit_cost);
    if (unitCost && !unitCost.success) errors.push({ column: 'unit_cost', key: 'import.decimal' });
    const practiceCurrency = practiceId === undefined ? undefined : refs.currencies.get(practiceId);
    if (!unitCost && practiceCurrency && practiceCurrency !== refs.catalogCurrency) errors.push({ column: 'unit_cost', key: 'stock.unit_cost_currency', params: { catalog: refs.catalogCurrency, practice: practiceCurrency } });
    for (const column of ['reorder_point', 'par_level'] as const) if (cells[column] && !decimal(cells[column])?.success) errors.push({ column, key: 'import.decimal' });
    const expiry = parseDay(cells.expiry_date);
    if (cells.expiry_date && !expiry) errors.push({ column: 'expiry_date', key: 'import.date' });
    const lotNumber = cells.lot_number ? cells.lot_number.slice(0, 64) : null;
    const stocked = quantity?.success && toDecimal(quantity.data).gt(0);
    if (product?.tracksLots && stocked && !lotNumber) errors.push({ column: 'lot_number', key: 'stock.lot_required' });
    if (product?.tracksLots && stocked && !expiry && !cells.expiry_date) errors.push({ column: 'expiry_date', key: 'stock.expiry_required' });
    if (errors.length || practiceId === undefined || !product || !quantity?.success) return { ok: false, errors };
    return {
      ok: true,
      value: {
        practiceId, productId: product.id, tracksLots: product.tracksLots, quantity: quantity.data,
        unitCost: unitCost?.success ? unitCost.data : product.unitCost,
        lotNumber: product.tracksLots ? lotNumber : null, expiryDate: product.tracksLots ? (expiry ?? null) : null,
        reorderPoint: cells.reorder_point || undefined, parLevel: cells.par_level || undefined, location: cells.location || undefined,
      },
    };
  },
  naturalKey: (row) => `${row.practiceId}|${row.productId}|${row.lotNumber ?? ''}|${row.expiryDate ?? ''}`,
  async upsert(db, rows, refs) {
    // The pipeline hands its transaction handle: the ledger's functions run on it.
    const tx = db as unknown as Tx;
    let created = 0;
    let updated = 0;
    for (const row of rows) {
      const [existed] = await tx.select({ id: inventories.id }).from(inventories).where(and(eq(inventories.dentalPracticeId, row.practiceId), eq(inventories.productId, row.productId)));
      const inventory = await lockInventory(tx, row.practiceId, row.productId);
      if (row.reorderPoint !== undefined || row.parLevel !== undefined || row.location !== undefined) {
        await tx
          .update(inventories)
          .set({ ...(row.reorderPoint !== undefined ? { reorderPoint: row.reorderPoint } : {}), ...(row.parLevel !== undefined ? { parLevel: row.parLevel } : {}), ...(row.location !== undefined ? { location: row.location } : {}) })
          .where(eq(inventories.id, inventory.id));
      }
      const [lot] = await tx
        .select({ id: lots.id, quantity: lots.quantity, locationId: lots.locationId })
        .from(lots)
        .where(and(eq(lots.inventoryId, inventory.id), row.lotNumber === null ? isNull(lots.lotNumber) : eq(lots.lotNumber, row.lotNumber), row.expiryDate === null ? isNull(lots.expiryDate) : eq(lots.expiryDate, row.expiryDate)))
        .limit(1);
      const delta = toDecimal(row.quantity).minus(lot?.quantity ?? 0);
      const ctx: MovementContext = { practiceId: row.practiceId, userId: refs.context.userId, reason: 'Opening stock import' };
      if (delta.gt(0)) await receive(tx, ctx, { productId: row.productId, quantity: delta.toFixed(4), unitCost: row.unitCost, lotNumber: row.lotNumber, expiryDate: row.expiryDate, type: lot ? 'adjust' : 'receive', ...(lot ? { locationId: lot.locationId } : {}) });
      else if (delta.lt(0) && lot) await take(tx, ctx, { productId: row.productId, quantity: delta.abs().toFixed(4), type: 'adjust', lotId: lot.id });
      if (existed) updated++;
      else created++;
    }
    return { created, updated };
  },
});
