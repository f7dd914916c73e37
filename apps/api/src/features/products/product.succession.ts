import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { addDecimals, compareDecimals, multiplyDecimals, type ProductSuccession, type TemplateSwitchResult } from '@enamel/contracts';
import { procedureTemplateItems, procedureTemplates, products, rowsOf, type Database } from '@enamel/db';
import { recordActivities, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import type { Db } from '../../core/import/kind.ts';
import { decimalText } from '../../core/presenters.ts';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { Tx } from '../../core/transaction.ts';

/**
 * Succession in the catalog (docs/product-rules.md#succession). A product names the product that replaces it
 * (`successor_id`), the day from which it does (`succession_date`) and the conversion factor
 * (`succession_factor`): ONE usage unit of the old product equals FACTOR usage units of the successor.
 * A box of 100 replaced by a box of 200 (both used by the box): factor 0.5; gloves used by the piece and
 * replaced by gloves used by the piece: factor 1.
 */

/** The advisory lock every write of a successor takes before any product row ("enamel succession" as a 32-bit number): two writes never make a cycle between them. */
const SUCCESSION_LOCK = 0x656e5375;

export async function lockSuccession(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SUCCESSION_LOCK})`);
}

export interface SuccessionInput {
  successor_id?: number | null;
  succession_date?: string | null;
  succession_factor?: string | null;
}
export interface SuccessionColumns {
  successorId: number | null;
  successionDate: string | null;
  successionFactor: string | null;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The columns a body asks for: undefined when it leaves the succession alone (`successor_id` absent), all null when
 * it clears it. A date or a factor without a successor is refused (422 on that field).
 */
export function successionColumns(body: SuccessionInput): SuccessionColumns | undefined {
  if (body.successor_id === undefined || body.successor_id === null) {
    if (body.succession_date) throw invalid('succession_date', 'catalog.succession_without_successor');
    if (body.succession_factor) throw invalid('succession_factor', 'catalog.succession_without_successor');
    return body.successor_id === null ? { successorId: null, successionDate: null, successionFactor: null } : undefined;
  }
  return { successorId: body.successor_id, successionDate: body.succession_date ?? todayUtc(), successionFactor: body.succession_factor ?? '1' };
}

/** A product's successor as stored now (read under the succession lock, which every change of it holds). */
export async function storedSuccessor(tx: Tx, id: number): Promise<number | null> {
  const [row] = await tx.select({ successorId: products.successorId }).from(products).where(eq(products.id, id));
  return row?.successorId ?? null;
}

/** Whether following successors from `from` ever reaches `target` (a cycle when `from` is the successor of `target`). */
async function chainReaches(tx: Db, from: number, target: number): Promise<boolean> {
  const [row] = await rowsOf(
    tx,
    sqlRow({ found: sqlCol.bool }),
    sql`with recursive chain(id) as (
          select ${from}::bigint
          union
          select p.successor_id from products p join chain c on p.id = c.id where p.successor_id is not null
        ) select exists(select 1 from chain where id = ${target}) as found`,
  );
  return row?.found === true;
}

/**
 * Inside the write's transaction, under the succession lock and before the product's row is written: the successor
 * exists and is active when newly named (its row held FOR SHARE, so it cannot be deactivated meanwhile). 422 on `successor_id`.
 */
export async function checkSuccessorRow(tx: Tx, successorId: number, newlyNamed: boolean): Promise<void> {
  const [successor] = await tx.select({ id: products.id, status: products.status }).from(products).where(eq(products.id, successorId)).for('share');
  if (!successor) throw invalid('successor_id', 'catalog.unknown_product');
  if (newlyNamed && successor.status !== 'active') throw invalid('successor_id', 'catalog.successor_inactive');
}

/** With the product's row written, still under the succession lock: following successors from its successor never comes back to it. */
export async function checkNoCycle(tx: Tx, productId: number, successorId: number): Promise<void> {
  if (await chainReaches(tx, successorId, productId)) throw invalid('successor_id', 'catalog.successor_cycle');
}

/**
 * After an import's batch is written (under the succession lock): the SKU of a product among `skus` whose successors
 * lead back to it, or null. A cycle the file makes must pass through a row of the batch that closed it.
 */
export async function importedSuccessionCycle(tx: Db, skus: readonly string[]): Promise<string | null> {
  if (!skus.length) return null;
  const [row] = await rowsOf(
    tx,
    sqlRow({ sku: sqlCol.text }),
    sql`with recursive chain(origin, id) as (
          select p.id, p.successor_id from products p
          where p.successor_id is not null and lower(p.sku) in (select lower(x) from jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb) as x)
          union
          select c.origin, p.successor_id from products p join chain c on p.id = c.id where p.successor_id is not null
        ) select p.sku from chain c join products p on p.id = c.origin where c.id = c.origin order by p.sku limit 1`,
  );
  return row?.sku ?? null;
}

/**
 * After an import's batch is written: whether a successor the batch named is inactive now (deactivated since the
 * file was checked). The successors are held FOR SHARE, so none is deactivated before the import commits.
 */
export async function importedInactiveSuccessor(tx: Db, skus: readonly string[]): Promise<boolean> {
  if (!skus.length) return false;
  const rows = await rowsOf(
    tx,
    sqlRow({ status: sqlCol.text }),
    sql`select s.status from products s where s.id in (
          select p.successor_id from products p
          where lower(p.sku) in (select lower(x) from jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb) as x)
        ) for share`,
  );
  return rows.some((r) => r.status !== 'active');
}

/**
 * The rule "replaced at a date" (docs/product-rules.md#succession), the one home of it: the product row `alias`
 * (default `p`) names a successor whose succession date is on or before `date` (YYYY-MM-DD). From that day its demand
 * is its successor's, it is not ordered any more and its usable stock counts towards its successor's orders.
 */
export function replacedOnSql(date: string, alias = 'p'): SQL {
  const p = sql.identifier(alias);
  return sql`(${p}.successor_id is not null and ${p}.succession_date <= ${date}::date)`;
}

/**
 * The successions in force at `date`, as a query to select from: every product replaced at the date
 * (`replaced_id`), the product that takes its demand (`successor_id`: the end of its chain of successors in force,
 * itself not replaced at the date) and how many of the successor's usage units one usage unit of it equals
 * (`factor`, the factors of the chain multiplied, float). A → B → C with both dates passed: A and B both go to C.
 */
export function successionsInForceSql(date: string): SQL {
  return sql`
    with recursive succ(replaced_id, successor_id, factor, depth) as (
      select p.id, p.successor_id, p.succession_factor::numeric, 1 from products p where ${replacedOnSql(date)}
      union all
      select s.replaced_id, p.successor_id, s.factor * p.succession_factor, s.depth + 1
      from succ s join products p on p.id = s.successor_id
      where ${replacedOnSql(date)} and s.depth < 64
    )
    select s.replaced_id, s.successor_id, s.factor::float8 as factor
    from succ s join products t on t.id = s.successor_id
    where not ${replacedOnSql(date, 't')}`;
}

/** Every product that names a successor, as the catalog holds it now. */
async function allLinks(db: Db) {
  return (db as Database)
    .select({ id: products.id, successorId: products.successorId, date: products.successionDate, factor: products.successionFactor })
    .from(products)
    .where(isNotNull(products.successorId));
}

/** One step of a chain: a product, the day its succession starts, and the conversion to or from the product asked about. */
export interface SuccessionStep {
  productId: number;
  /** The day from which this step's old product is replaced (for a successor: the day the product before it in the chain is). */
  date: string;
  /**
   * Successors: how many of this product's usage units ONE usage unit of the product asked about equals.
   * Predecessors: how many of the asked product's usage units ONE usage unit of this predecessor equals.
   */
  factor: string;
}

export interface Succession {
  productId: number;
  /** The products that replace it, nearest first (A → B → C: for A, B then C). */
  successors: SuccessionStep[];
  /** Every product it replaces, directly or through others, nearest first (for C: B, then A). */
  predecessors: SuccessionStep[];
}

/**
 * The succession chains of some products, read from the catalog (for the forecasts, which carry an old product's
 * history over to its successor). Factors are multiplied along a chain. A stored cycle cannot exist (the writes
 * refuse one), but a walk never visits a product twice all the same.
 */
export async function successionOf(db: Db, productIds: readonly number[]): Promise<Map<number, Succession>> {
  const links = await allLinks(db);
  const next = new Map(links.map((l) => [l.id, l]));
  const previous = new Map<number, typeof links>();
  for (const l of links) previous.set(l.successorId!, [...(previous.get(l.successorId!) ?? []), l]);
  const out = new Map<number, Succession>();
  for (const productId of productIds) {
    const successors: SuccessionStep[] = [];
    const seen = new Set([productId]);
    let factor = '1';
    for (let link = next.get(productId); link && !seen.has(link.successorId!); link = next.get(link.successorId!)) {
      seen.add(link.successorId!);
      factor = multiplyDecimals(factor, link.factor!, 10);
      successors.push({ productId: link.successorId!, date: link.date!, factor: decimalText(factor, 6) });
    }
    const predecessors: SuccessionStep[] = [];
    const queue: Array<{ id: number; factor: string }> = [{ id: productId, factor: '1' }];
    const visited = new Set([productId]);
    while (queue.length) {
      const at = queue.shift()!;
      for (const link of previous.get(at.id) ?? []) {
        if (visited.has(link.id)) continue;
        visited.add(link.id);
        const f = multiplyDecimals(at.factor, link.factor!, 10);
        predecessors.push({ productId: link.id, date: link.date!, factor: decimalText(f, 6) });
        queue.push({ id: link.id, factor: f });
      }
    }
    out.set(productId, { productId, successors, predecessors });
  }
  return out;
}

const refColumns = { id: products.id, name: products.name, sku: products.sku, usage_unit: products.usageUnit, status: products.status };

/** What a product's detail shows of its succession: its successor, the products it replaces directly, the templates that still name it. */
export async function presentSuccession(db: Database, row: typeof products.$inferSelect): Promise<ProductSuccession> {
  const [successor] = row.successorId === null ? [] : await db.select(refColumns).from(products).where(eq(products.id, row.successorId));
  const predecessors = await db
    .select({ ...refColumns, succession_date: products.successionDate, succession_factor: products.successionFactor })
    .from(products)
    .where(eq(products.successorId, row.id))
    .orderBy(asc(products.name), asc(products.id));
  const [templates] = await db.select({ n: sql<number>`count(distinct ${procedureTemplateItems.procedureTemplateId})::int` }).from(procedureTemplateItems).where(eq(procedureTemplateItems.productId, row.id));
  type Status = ProductSuccession['predecessors'][number]['status'];
  return {
    successor: successor ? { ...successor, status: successor.status as Status } : null,
    succession_date: row.successionDate,
    succession_factor: row.successionFactor === null ? null : decimalText(row.successionFactor, 6),
    predecessors: predecessors.map((p) => ({ ...p, status: p.status as Status, succession_date: p.succession_date!, succession_factor: decimalText(p.succession_factor, 6) })),
    templates_count: templates?.n ?? 0,
  };
}

/** A template line's quantity: numeric(14, 4), above zero. */
const MAX_TEMPLATE_QUANTITY = '9999999999.9999';
const MIN_TEMPLATE_QUANTITY = '0.0001';
const maxDecimal = (a: string, b: string) => (compareDecimals(a, b) >= 0 ? a : b);

/**
 * Every procedure template that names the product switches to its successor, in one transaction: the item's quantity
 * is converted by the factor (rounded to 4 places, never below 0.0001) and added to the successor's line when the
 * template already lists it. Each template's change is logged. 422 on `successor_id` when the product has no
 * successor or its successor is inactive, on `succession_factor` when a converted quantity would not fit a line
 * (nothing is switched then).
 */
export async function switchTemplatesToSuccessor(db: Database, actor: Actor, id: number): Promise<TemplateSwitchResult> {
  return db.transaction(async (tx) => {
    // FOR SHARE: the succession cannot change while the templates move.
    const [product] = await tx.select({ successorId: products.successorId, factor: products.successionFactor }).from(products).where(eq(products.id, id)).for('share');
    if (!product) throw new AppError('not_found');
    if (product.successorId === null) throw invalid('successor_id', 'catalog.no_successor');
    const [successor] = await tx.select({ status: products.status }).from(products).where(eq(products.id, product.successorId)).for('share');
    if (successor?.status !== 'active') throw invalid('successor_id', 'catalog.successor_inactive');
    const successorId = product.successorId;
    const factor = product.factor!;
    const templates = await tx
      .select({ id: procedureTemplates.id, name: procedureTemplates.name })
      .from(procedureTemplates)
      .where(inArray(procedureTemplates.id, tx.select({ id: procedureTemplateItems.procedureTemplateId }).from(procedureTemplateItems).where(eq(procedureTemplateItems.productId, id))))
      .orderBy(asc(procedureTemplates.id))
      .for('update');
    const entries = [];
    const switched: Array<{ id: number; name: string }> = [];
    for (const template of templates) {
      const itemsOf = () =>
        tx.select({ product_id: procedureTemplateItems.productId, quantity: procedureTemplateItems.quantity }).from(procedureTemplateItems).where(eq(procedureTemplateItems.procedureTemplateId, template.id)).orderBy(asc(procedureTemplateItems.id));
      const before = await itemsOf();
      // Read after the template's lock: a second call that waited on it (a double click) finds the item gone and skips it.
      const old = before.find((i) => i.product_id === id);
      if (!old) continue;
      const converted = maxDecimal(multiplyDecimals(old.quantity, factor, 4), MIN_TEMPLATE_QUANTITY);
      const existing = before.find((i) => i.product_id === successorId);
      const quantity = existing ? addDecimals(existing.quantity, converted, 4) : converted;
      // A line holds numeric(14, 4): a quantity past it would be refused by the database without saying why.
      if (compareDecimals(quantity, MAX_TEMPLATE_QUANTITY) > 0) throw invalid('succession_factor', 'catalog.switch_quantity_too_large', { template: template.name, max: MAX_TEMPLATE_QUANTITY });
      const inTemplate = eq(procedureTemplateItems.procedureTemplateId, template.id);
      if (existing) {
        await tx.update(procedureTemplateItems).set({ quantity }).where(and(inTemplate, eq(procedureTemplateItems.productId, successorId)));
        await tx.delete(procedureTemplateItems).where(and(inTemplate, eq(procedureTemplateItems.productId, id)));
      } else {
        await tx.update(procedureTemplateItems).set({ productId: successorId, quantity }).where(and(inTemplate, eq(procedureTemplateItems.productId, id)));
      }
      await tx.update(procedureTemplates).set({ updatedAt: sql`now()` }).where(eq(procedureTemplates.id, template.id));
      entries.push({ action: 'update', subject: 'ProcedureTemplate', subjectId: template.id, before: { items: before }, after: { items: await itemsOf() } });
      switched.push({ id: template.id, name: template.name });
    }
    await recordActivities(tx, actor, entries);
    return { switched: switched.length, templates: switched };
  });
}
