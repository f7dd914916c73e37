import Big from 'big.js';
import { eq, sql } from 'drizzle-orm';
import { NAMED, procedures, type Database, type MovementType } from '@enamel/db';
import { unitCostOf } from '../../core/catalog-sql.ts';
import { AppError } from '../../core/errors.ts';
import { decimalText, isoDate } from '../../core/presenters.ts';
import type { ExpiryState, ProcedureDetail } from '@enamel/contracts';
import { expiryState, practiceTodaySql, warningDaysSql } from '../stock/index.ts';
import { procedureList, procedureListJoins } from './procedure.list.ts';

/** An item as the statement below gives it (numerics as text). */
interface ItemJson {
  id: number;
  product_id: number;
  product_name: string;
  sku: string;
  usage_unit: string;
  quantity: string;
  cost: string;
  unit_cost: string;
  on_hand: string;
}

/** A movement as the statement below gives it (numerics as text, instants as PostgreSQL's JSON text). */
interface MovementJson {
  id: number;
  type: MovementType;
  product_id: number;
  product_name: string;
  lot_id: number | null;
  lot_number: string | null;
  expiry_date: string | null;
  quantity: string;
  unit_cost: string;
  reason: string | null;
  item_id: number | null;
  occurred_at: string;
  created_at: string;
}

const pid = sql.raw('"procedures"."id"');
const practice = sql.raw('"procedures"."dental_practice_id"');

/** The items with their products and the practice's on-hand, by product name (one JSON array). */
const itemsJson = sql<ItemJson[] | null>`(select json_agg(json_build_object(
    'id', i.id, 'product_id', i.product_id, 'product_name', p.name, 'sku', p.sku, 'usage_unit', p.usage_unit, 'quantity', i.quantity::text,
    'cost', i.cost::text, 'unit_cost', (${unitCostOf('p')})::text, 'on_hand', coalesce(inv.on_hand, 0)::text
  ) order by p.name, i.product_id)
  from procedure_items i
  join products p on p.id = i.product_id
  left join inventories inv on inv.product_id = i.product_id and inv.dental_practice_id = ${practice}
  where i.procedure_id = ${pid})`;

/** The procedure's practice's today and expiry warning days, read once for all its lots' expiry states (`expiryState`). */
const practiceToday = sql<string>`${practiceTodaySql(practice)}::text`;
const warningDays = sql<number>`${warningDaysSql(practice)}`;

/**
 * The movements of its items (of the procedure itself when it has none), in ledger order (one JSON array). Every movement a
 * procedure causes names it (`procedure_id`, indexed), its items' also name the item.
 */
const movementsJson = sql<MovementJson[] | null>`(select json_agg(json_build_object(
    'id', m.id, 'type', m.type, 'product_id', m.product_id, 'product_name', p.name, 'lot_id', m.lot_id, 'lot_number', l.lot_number,
    'expiry_date', l.expiry_date, 'quantity', m.quantity::text,
    'unit_cost', m.unit_cost::text, 'reason', m.reason, 'item_id', m.procedure_item_id, 'occurred_at', m.occurred_at, 'created_at', m.created_at
  ) order by m.id)
  from stock_movements m
  join products p on p.id = m.product_id
  left join lots l on l.id = m.lot_id
  where m.procedure_id = ${pid}
    and (m.procedure_item_id in (select pi.id from procedure_items pi where pi.procedure_id = ${pid})
      or not exists (select 1 from procedure_items pi where pi.procedure_id = ${pid})))`;

/** node-postgres and PGlite both parse json; text is accepted too. */
const parsed = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The detail statement, built once per database handle (the root handle, or a request's idempotency transaction) with the id as a
 * placeholder: building drizzle's query of the list's columns and joins costs more than binding it, and its text is always the same
 * (prepared once per connection, its plan reused: named-statements.ts).
 */
const detailQueries = new WeakMap<object, { execute(values: { id: number }): Promise<unknown> }>();
function detailQuery(db: Pick<Database, 'select'>) {
  let prepared = detailQueries.get(db);
  if (!prepared) {
    const columns = Object.fromEntries(Object.entries(procedureList.columns).map(([name, column]) => [name, column.expr]));
    let query = db
      .select({ ...columns, detail_notes: procedures.notes, detail_items: itemsJson, detail_movements: movementsJson, detail_today: practiceToday, detail_warning_days: warningDays })
      .from(procedures)
      .$dynamic();
    for (const join of procedureListJoins) query = 'inner' in join ? query.innerJoin(join.inner, join.on) : query.leftJoin(join.left, join.on);
    prepared = query.where(eq(procedures.id, sql.placeholder('id'))).limit(1).prepare(NAMED);
    detailQueries.set(db, prepared);
  }
  return prepared;
}

/**
 * A procedure with its items, the lots each consumed (net of compensations), and the movements it caused; the items' on-hand when
 * `showOnHand`. One statement: the list's row (same columns, joins and presentation), its notes, the items and the movements as JSON.
 * `access` is called with the procedure's practice before anything is presented (it throws when the caller may not read it) and
 * says whether the caller may read that practice's stock.
 */
export async function presentProcedure(db: Pick<Database, 'select'>, id: number, access: boolean | ((practiceId: number) => boolean)): Promise<ProcedureDetail> {
  const [found] = (await detailQuery(db).execute({ id })) as Array<Record<string, unknown>>;
  if (!found) throw new AppError('not_found');
  const { detail_notes: notes, detail_items: rawItems, detail_movements: rawMovements, detail_today: today, detail_warning_days: warning, ...listRow } = found;
  const row = procedureList.present!(listRow);
  const showOnHand = typeof access === 'function' ? access(row.dental_practice_id) : access;
  const items = parsed(rawItems as ItemJson[] | string | null) ?? [];
  const movements = parsed(rawMovements as MovementJson[] | string | null) ?? [];
  const lotsOf = (itemId: number) => {
    const net = new Map<number, { lot_id: number; lot_number: string | null; expiry_date: string | null; expiry_state: ExpiryState | null; quantity: Big; unit_cost: string }>();
    for (const m of movements.filter((x) => x.item_id === itemId && x.lot_id !== null)) {
      const entry = net.get(m.lot_id!) ?? { lot_id: m.lot_id!, lot_number: m.lot_number, expiry_date: m.expiry_date, expiry_state: expiryState(m.expiry_date, today as string, Number(warning)), quantity: new Big(0), unit_cost: m.unit_cost };
      entry.quantity = entry.quantity.minus(m.quantity);
      net.set(m.lot_id!, entry);
    }
    return [...net.values()].filter((l) => l.quantity.gt(0)).map((l) => ({ ...l, quantity: l.quantity.toFixed(4), unit_cost: decimalText(l.unit_cost) }));
  };
  return {
    ...row,
    consumable_cost: decimalText(row.consumable_cost),
    notes: (notes as string | null) ?? null,
    items: items.map((i) => ({ ...i, quantity: decimalText(i.quantity), cost: decimalText(i.cost), unit_cost: decimalText(i.unit_cost), on_hand: showOnHand ? decimalText(i.on_hand) : null, lots: lotsOf(i.id) })),
    movements: movements.map((m) => ({
      id: m.id, type: m.type, product_id: m.product_id, product_name: m.product_name, lot_number: m.lot_number, quantity: decimalText(m.quantity),
      unit_cost: decimalText(m.unit_cost), reason: m.reason, occurred_at: isoDate(m.occurred_at), created_at: isoDate(m.created_at),
    })),
  };
}
