import { sql } from 'drizzle-orm';
import { addDays, daysBetween } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { replacedOnSql } from '../products/index.ts';
import { consumptionByWeek, seriesByWeek, startOfDay, weekOfDay, wholeDays, type WeekWindow } from '../stock/index.ts';

/**
 * The weekly series a forecast run reads, built from the ledger as it stood before the forecast date:
 * weeks are counted back from the date in the practice's time zone (the last history week is the seven
 * days before it, forecast week 1 starts on it), at most three years of them.
 */
export const MAX_HISTORY_WEEKS = 156;
/** The last weeks of history whose procedures tell how often each template is used for its code (a thin product's prior). */
export const TEMPLATE_SHARE_WEEKS = 13;

export interface WeeklyInput {
  /** The first day of history week 0 (YYYY-MM-DD). */
  start: string;
  weeks: number;
  /** Consumption per product (usage units), one number per history week; series start at the product's first movement. */
  usage: Map<number, { offset: number; values: number[] }>;
  /** Completed procedures per procedure code and week. */
  procedures: Map<number, { offset: number; values: number[] }>;
  /** Usage per procedure: mean quantity of each product used by one procedure of a code, learned from the history. */
  usagePerProcedure: Array<{ procedureCodeId: number; productId: number; quantity: number; quantitySd: number }>;
  /** Planned procedures per code per forecast week, and the product quantities they will use. */
  bookedProcedures: Map<number, number[]>;
  bookedUsage: Map<number, number[]>;
  /**
   * Successions in force at the forecast date among the practice's products (docs/product-rules.md#succession): the
   * old product, its successor, the history week the succession date falls in (0…weeks; a date before the first
   * history week counts as 0) and the factor (one usage unit of the old product = `factor` of the successor's).
   * Successions dated after the forecast date are not in force yet and absent.
   */
  successions: Array<{ productId: number; successorId: number; week: number; factor: number }>;
  /**
   * The practice's stocked products (an active inventory of an active product) with their category and usage unit:
   * a thin one borrows a prior from its templates or its category (forecast-run.ts). Optional for callers that
   * forecast histories alone.
   */
  products?: Map<number, { categoryId: number | null; unit: string }>;
  /**
   * What one procedure of a code uses of each product by the procedure templates, as the code's procedures of the last
   * TEMPLATE_SHARE_WEEKS weeks chose them: Σ over the active templates of the code (procedures with the template ÷ all
   * the code's procedures) × the template's quantity. A product new on a template has no learned usage yet; this is it.
   */
  templateUsage?: Array<{ procedureCodeId: number; productId: number; quantity: number }>;
}

type Db = Pick<Database, 'execute'>;

const startRow = sqlRow({ product_id: sqlCol.int, w: sqlCol.int });
const tzRow = sqlRow({ tz: sqlCol.text });
const dayRow = sqlRow({ day: sqlCol.text.nullable() });
const perProcedureRow = sqlRow({ code: sqlCol.int, product_id: sqlCol.int, total: sqlCol.number, squares: sqlCol.number });
const bookedRow = sqlRow({ ref: sqlCol.int, w: sqlCol.int, q: sqlCol.number });
const successionRow = sqlRow({ id: sqlCol.int, successor_id: sqlCol.int, day: sqlCol.text, factor: sqlCol.number });
const stockedRow = sqlRow({ id: sqlCol.int, category_id: sqlCol.int.nullable(), unit: sqlCol.text });
const templateUsageRow = sqlRow({ code: sqlCol.int, product_id: sqlCol.int, quantity: sqlCol.number });

/** Completed procedures per procedure code and week of the window; codes with none are absent. `procedureCodeId` reads one code only. */
export function proceduresByWeek(db: Db, input: WeekWindow & { practiceId: number; procedureCodeId?: number }): Promise<Map<number, number[]>> {
  const { practiceId, procedureCodeId } = input;
  return seriesByWeek(db, input, { practiceId, table: 'procedures', at: 'performed_at', ref: 'procedure_code_id', value: sql`count(*)`, where: sql`status = 'completed'`, only: procedureCodeId });
}

export async function buildWeeklyInput(db: Db, practiceId: number, forecastDate: string, horizonWeeks: number): Promise<WeeklyInput> {
  const [practice] = await rowsOf(db, tzRow, sql`select time_zone as tz from dental_practices where id = ${practiceId}`);
  const tz = practice?.tz ?? 'UTC';
  const localDay = (column: ReturnType<typeof sql>) => sql`((${column}) at time zone ${tz})::date`;
  const dayStart = (day: string) => startOfDay(day, tz);

  // The ledger's days before the date (the rollups).
  const history = wholeDays({ practiceId, timeZone: tz, from: null, to: forecastDate });
  // The practice's first recorded activity before the date bounds the history.
  const [first] = await rowsOf(
    db,
    dayRow,
    sql`select to_char(least(
          (select min(day) from (${history}) d),
          (select min(${localDay(sql`performed_at`)}) from procedures where dental_practice_id = ${practiceId} and status = 'completed' and performed_at < ${dayStart(forecastDate)})
        ), 'YYYY-MM-DD') as day`,
  );
  const weeks = first?.day ? Math.min(MAX_HISTORY_WEEKS, Math.ceil(daysBetween(first.day, forecastDate) / 7)) : 0;
  const start = addDays(forecastDate, -7 * weeks);
  const from = dayStart(start);
  const to = dayStart(forecastDate);


  const usage = new Map<number, { offset: number; values: number[] }>();
  const procedures = new Map<number, { offset: number; values: number[] }>();
  const bookedProcedures = new Map<number, number[]>();
  const bookedUsage = new Map<number, number[]>();
  if (weeks > 0) {
    // A product's series starts in the week of its first movement in the practice (it was not stocked before).
    const starts = await rowsOf(
      db,
      startRow,
      sql`select product_id, greatest(0, ${weekOfDay(start, sql`min(day)`)}) as w from (${history}) d group by product_id`,
    );
    const used = await consumptionByWeek(db, { practiceId, timeZone: tz, start, weeks });
    for (const s of starts) {
      const values = used.get(s.product_id);
      if (values) usage.set(s.product_id, { offset: s.w, values: values.slice(s.w) });
    }
    // A code's series starts in the week of its first procedure.
    for (const [code, values] of await proceduresByWeek(db, { practiceId, timeZone: tz, start, weeks })) {
      const offset = values.findIndex((n) => n > 0);
      procedures.set(code, { offset, values: values.slice(offset) });
    }
  }

  // What one procedure of a code uses of each product, from the procedures of the history window
  // (a procedure that did not use the product counts as zero; one line per product and procedure).
  const perCode = new Map<number, number>();
  for (const [id, series] of procedures) perCode.set(id, series.values.reduce((a, b) => a + b, 0));
  const perProcedure = await rowsOf(
    db,
    perProcedureRow,
    sql`select p.procedure_code_id as code, i.product_id, sum(i.quantity) as total, sum(i.quantity * i.quantity) as squares
        from procedures p join procedure_items i on i.procedure_id = p.id
        where p.dental_practice_id = ${practiceId} and p.status = 'completed' and p.performed_at >= ${from} and p.performed_at < ${to}
        group by 1, 2`,
  );
  const usagePerProcedure = perProcedure.flatMap((r) => {
    const n = perCode.get(r.code) ?? 0;
    if (n === 0) return [];
    const mean = r.total / n;
    return [{ procedureCodeId: r.code, productId: r.product_id, quantity: mean, quantitySd: Math.sqrt(Math.max(0, r.squares / n - mean * mean)) }];
  });

  // The schedule: planned procedures in the forecast weeks, with their own items, else their template's.
  const end = dayStart(addDays(forecastDate, 7 * horizonWeeks));
  const planned = await rowsOf(
    db,
    bookedRow,
    sql`select procedure_code_id as ref, (((${localDay(sql`performed_at`)}) - ${forecastDate}::date) / 7)::int as w, count(*)::int as q
        from procedures where dental_practice_id = ${practiceId} and status = 'planned' and performed_at >= ${to} and performed_at < ${end}
        group by 1, 2`,
  );
  for (const r of planned) {
    const series = bookedProcedures.get(r.ref) ?? new Array<number>(horizonWeeks).fill(0);
    series[r.w] = r.q;
    bookedProcedures.set(r.ref, series);
  }
  const plannedItems = await rowsOf(
    db,
    bookedRow,
    sql`with planned as (
          select p.id, p.procedure_template_id, (((${localDay(sql`p.performed_at`)}) - ${forecastDate}::date) / 7)::int as w
          from procedures p where p.dental_practice_id = ${practiceId} and p.status = 'planned' and p.performed_at >= ${to} and p.performed_at < ${end}
        ), lines as (
          select pl.w, i.product_id, i.quantity from planned pl join procedure_items i on i.procedure_id = pl.id
          union all
          select pl.w, ti.product_id, ti.quantity from planned pl join procedure_template_items ti on ti.procedure_template_id = pl.procedure_template_id
          where not exists (select 1 from procedure_items i where i.procedure_id = pl.id)
        )
        select product_id as ref, w, sum(quantity) as q from lines group by 1, 2`,
  );
  for (const r of plannedItems) {
    const series = bookedUsage.get(r.ref) ?? new Array<number>(horizonWeeks).fill(0);
    series[r.w] = series[r.w]! + r.q;
    bookedUsage.set(r.ref, series);
  }

  // Successions in force at the date where the old product or its successor is stocked or used in the practice.
  const links = await rowsOf(
    db,
    successionRow,
    sql`select p.id, p.successor_id, to_char(p.succession_date, 'YYYY-MM-DD') as day, p.succession_factor as factor
        from products p
        where ${replacedOnSql(forecastDate)}
          and exists (select 1 from inventories i where i.dental_practice_id = ${practiceId} and i.product_id in (p.id, p.successor_id))`,
  );
  const successions = links.map((l) => ({
    productId: l.id,
    successorId: l.successor_id,
    week: Math.min(weeks, Math.max(0, Math.floor(daysBetween(start, l.day) / 7))),
    factor: l.factor,
  }));

  const stocked = await rowsOf(
    db,
    stockedRow,
    sql`select p.id, p.category_id, p.usage_unit as unit from inventories i join products p on p.id = i.product_id
        where i.dental_practice_id = ${practiceId} and i.status = 'active' and p.status = 'active'`,
  );
  const products = new Map(stocked.map((r) => [r.id, { categoryId: r.category_id, unit: r.unit }]));
  const recentFrom = dayStart(addDays(forecastDate, -7 * Math.min(weeks, TEMPLATE_SHARE_WEEKS)));
  const templateUsage = (
    await rowsOf(
      db,
      templateUsageRow,
      sql`with recent as (
            select procedure_code_id as code, procedure_template_id as tpl from procedures
            where dental_practice_id = ${practiceId} and status = 'completed' and performed_at >= ${recentFrom} and performed_at < ${to}
          ), per_code as (select code, count(*) as n from recent group by code),
          per_template as (select code, tpl, count(*) as n from recent where tpl is not null group by code, tpl)
          select t.code, ti.product_id, sum(t.n * ti.quantity) / c.n as quantity
          from per_template t join per_code c on c.code = t.code
            join procedure_templates pt on pt.id = t.tpl and pt.status = 'active'
            join procedure_template_items ti on ti.procedure_template_id = t.tpl
          group by t.code, ti.product_id, c.n`,
    )
  ).map((r) => ({ procedureCodeId: r.code, productId: r.product_id, quantity: r.quantity }));

  return {
    start,
    weeks,
    successions,
    products,
    templateUsage,
    usage,
    procedures,
    usagePerProcedure,
    bookedProcedures,
    bookedUsage,
  };
}
