import { sql } from 'drizzle-orm';
import { addDays, daysBetween } from '@enamel/contracts';
import { rows, type Database } from '@enamel/db';

/**
 * The weekly series a forecast run reads, built from the ledger as it stood before the forecast date:
 * weeks are counted back from the date in the practice's time zone (the last history week is the seven
 * days before it, forecast week 1 starts on it), at most three years of them.
 */
export const MAX_HISTORY_WEEKS = 156;

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
}

type Db = Pick<Database, 'execute'>;

const num = (v: unknown) => Number(v ?? 0);

/** Day arithmetic on YYYY-MM-DD strings: the dates module's, re-exported for the features that read it here. */
export { addDays };

export async function buildWeeklyInput(db: Db, practiceId: number, forecastDate: string, horizonWeeks: number): Promise<WeeklyInput> {
  const [practice] = await rows<{ tz: string }>(db, sql`select time_zone as tz from dental_practices where id = ${practiceId}`);
  const tz = practice?.tz ?? 'UTC';
  const localDay = (column: ReturnType<typeof sql>) => sql`((${column}) at time zone ${tz})::date`;
  const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${tz})`;

  // The practice's first recorded activity before the date bounds the history.
  const [first] = await rows<{ day: string | null }>(
    db,
    sql`select to_char(least(
          (select min(${localDay(sql`occurred_at`)}) from stock_movements where dental_practice_id = ${practiceId} and occurred_at < ${dayStart(forecastDate)}),
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
    // The instants where weeks begin (local midnights, so a week is exact across daylight-saving changes);
    // width_bucket places each row among them without converting every row to local time.
    const bounds = sql`(select array_agg((((${start}::date + 7 * k)::timestamp) at time zone ${tz}) order by k) from generate_series(0, ${weeks}) k)`;
    const week = (column: ReturnType<typeof sql>) => sql`(width_bucket(${column}, ${bounds}) - 1)`;
    // A product's series starts in the week of its first movement in the practice (it was not stocked before).
    const starts = await rows<{ product_id: string; w: number }>(
      db,
      sql`select product_id, greatest(0, ${week(sql`min(occurred_at)`)}) as w from stock_movements
          where dental_practice_id = ${practiceId} and occurred_at < ${to} group by product_id`,
    );
    const used = await rows<{ product_id: string; w: number; q: string }>(
      db,
      sql`select product_id, w, -sum(quantity) as q from (
            select product_id, quantity, ${week(sql`occurred_at`)} as w from stock_movements
            where dental_practice_id = ${practiceId} and type = 'consume' and occurred_at >= ${from} and occurred_at < ${to}
          ) m group by 1, 2`,
    );
    const consumed = new Set(used.map((r) => num(r.product_id)));
    for (const s of starts) {
      const id = num(s.product_id);
      if (!consumed.has(id)) continue;
      usage.set(id, { offset: num(s.w), values: new Array<number>(weeks - num(s.w)).fill(0) });
    }
    for (const r of used) {
      const series = usage.get(num(r.product_id));
      const i = num(r.w) - (series?.offset ?? 0);
      // Give-backs in a later week than the consumption can make a week negative: nothing is used below zero.
      if (series && i >= 0 && i < series.values.length) series.values[i] = Math.max(0, series.values[i]! + num(r.q));
    }

    const done = await rows<{ code: string; w: number; n: number }>(
      db,
      sql`select code, w, count(*)::int as n from (
            select procedure_code_id as code, ${week(sql`performed_at`)} as w from procedures
            where dental_practice_id = ${practiceId} and status = 'completed' and performed_at >= ${from} and performed_at < ${to}
          ) p group by 1, 2`,
    );
    // A code's series starts in the week of its first procedure.
    const firstWeek = new Map<number, number>();
    for (const r of done) firstWeek.set(num(r.code), Math.min(firstWeek.get(num(r.code)) ?? weeks, num(r.w)));
    for (const [id, offset] of firstWeek) procedures.set(id, { offset, values: new Array<number>(weeks - offset).fill(0) });
    for (const r of done) {
      const series = procedures.get(num(r.code))!;
      series.values[num(r.w) - series.offset] = num(r.n);
    }
  }

  // What one procedure of a code uses of each product, from the procedures of the history window
  // (a procedure that did not use the product counts as zero; one line per product and procedure).
  const perCode = new Map<number, number>();
  for (const [id, series] of procedures) perCode.set(id, series.values.reduce((a, b) => a + b, 0));
  const perProcedure = await rows<{ code: string; product_id: string; total: string; squares: string }>(
    db,
    sql`select p.procedure_code_id as code, i.product_id, sum(i.quantity) as total, sum(i.quantity * i.quantity) as squares
        from procedures p join procedure_items i on i.procedure_id = p.id
        where p.dental_practice_id = ${practiceId} and p.status = 'completed' and p.performed_at >= ${from} and p.performed_at < ${to}
        group by 1, 2`,
  );
  const usagePerProcedure = perProcedure.flatMap((r) => {
    const n = perCode.get(num(r.code)) ?? 0;
    if (n === 0) return [];
    const mean = num(r.total) / n;
    return [{ procedureCodeId: num(r.code), productId: num(r.product_id), quantity: mean, quantitySd: Math.sqrt(Math.max(0, num(r.squares) / n - mean * mean)) }];
  });

  // The schedule: planned procedures in the forecast weeks, with their own items, else their template's.
  const end = dayStart(addDays(forecastDate, 7 * horizonWeeks));
  const planned = await rows<{ code: string; w: number; n: number }>(
    db,
    sql`select procedure_code_id as code, (((${localDay(sql`performed_at`)}) - ${forecastDate}::date) / 7)::int as w, count(*)::int as n
        from procedures where dental_practice_id = ${practiceId} and status = 'planned' and performed_at >= ${to} and performed_at < ${end}
        group by 1, 2`,
  );
  for (const r of planned) {
    const series = bookedProcedures.get(num(r.code)) ?? new Array<number>(horizonWeeks).fill(0);
    series[num(r.w)] = num(r.n);
    bookedProcedures.set(num(r.code), series);
  }
  const plannedItems = await rows<{ product_id: string; w: number; q: string }>(
    db,
    sql`with planned as (
          select p.id, p.procedure_template_id, (((${localDay(sql`p.performed_at`)}) - ${forecastDate}::date) / 7)::int as w
          from procedures p where p.dental_practice_id = ${practiceId} and p.status = 'planned' and p.performed_at >= ${to} and p.performed_at < ${end}
        ), lines as (
          select pl.w, i.product_id, i.quantity from planned pl join procedure_items i on i.procedure_id = pl.id
          union all
          select pl.w, ti.product_id, ti.quantity from planned pl join procedure_template_items ti on ti.procedure_template_id = pl.procedure_template_id
          where not exists (select 1 from procedure_items i where i.procedure_id = pl.id)
        )
        select product_id, w, sum(quantity) as q from lines group by 1, 2`,
  );
  for (const r of plannedItems) {
    const series = bookedUsage.get(num(r.product_id)) ?? new Array<number>(horizonWeeks).fill(0);
    series[num(r.w)] = series[num(r.w)]! + num(r.q);
    bookedUsage.set(num(r.product_id), series);
  }

  return {
    start,
    weeks,
    usage,
    procedures,
    usagePerProcedure,
    bookedProcedures,
    bookedUsage,
  };
}

/**
 * What really happened in the forecast weeks after a date that have fully passed by `today` (a back-test's
 * actuals): consumption of a product or completed procedures of a code, one number per week.
 */
export async function weeklyActuals(db: Db, input: { practiceId: number; timeZone: string; kind: 'product' | 'procedure_code'; refId: number; date: string; today: string; weeks: number }): Promise<number[]> {
  const passed = Math.min(input.weeks, Math.floor(daysBetween(input.date, input.today) / 7));
  if (passed <= 0) return [];
  const { timeZone: tz, date } = input;
  const bounds = sql`(select array_agg((((${date}::date + 7 * k)::timestamp) at time zone ${tz}) order by k) from generate_series(0, ${passed}) k)`;
  const from = sql`(${date}::date::timestamp at time zone ${tz})`;
  const to = sql`(${addDays(date, 7 * passed)}::date::timestamp at time zone ${tz})`;
  const found =
    input.kind === 'product'
      ? await rows<{ w: number; v: string }>(
          db,
          sql`select width_bucket(occurred_at, ${bounds}) - 1 as w, -sum(quantity) as v from stock_movements
              where dental_practice_id = ${input.practiceId} and product_id = ${input.refId} and type = 'consume' and occurred_at >= ${from} and occurred_at < ${to} group by 1`,
        )
      : await rows<{ w: number; v: string }>(
          db,
          sql`select width_bucket(performed_at, ${bounds}) - 1 as w, count(*) as v from procedures
              where dental_practice_id = ${input.practiceId} and procedure_code_id = ${input.refId} and status = 'completed' and performed_at >= ${from} and performed_at < ${to} group by 1`,
        );
  const out = new Array<number>(passed).fill(0);
  for (const r of found) if (num(r.w) >= 0 && num(r.w) < passed) out[num(r.w)] = Math.max(0, num(r.v));
  return out;
}
