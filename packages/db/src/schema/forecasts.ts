import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { dentalPractices } from './dental-practices.ts';
import { users } from './users.ts';

/**
 * One forecast of a practice as of a date: weekly history up to the date, forecasts after it.
 * Readers use the newest *completed* run for a practice and date, so a run under way replaces nothing.
 */
export const forecastRuns = pgTable(
  'forecast_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    /** History is everything before this day (practice time zone); forecast week 1 starts on it. */
    forecastDate: date('forecast_date', { mode: 'string' }).notNull(),
    /** queued, running, succeeded or failed (contracts: RUN_STATUSES). */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    horizonWeeks: integer('horizon_weeks').notNull(),
    level: numeric('level', { precision: 5, scale: 4 }).notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    seriesCount: integer('series_count').notNull().default(0),
    /** Series per method, e.g. { "ets-arima-theta": 12, "theta-tsb": 30 }. */
    methods: jsonb('methods').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
    /** Why it failed, as a message key and its parameters (the job grammar's failure). */
    failure: varchar('failure', { length: 120 }),
    failureParams: jsonb('failure_params').$type<Record<string, string | number>>(),
    /**
     * How the run did against what happened next (product demand, the forecast weeks that have passed):
     * weighted absolute percentage error and the share of weekly actuals inside the bounds. Null until a
     * forecast week has passed; measured again as more weeks pass.
     */
    accuracyWeeks: integer('accuracy_weeks'),
    wape: numeric('wape', { precision: 10, scale: 4 }),
    coverage: numeric('coverage', { precision: 5, scale: 4 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forecast_runs_practice_date_idx').on(t.dentalPracticeId, t.forecastDate, t.status),
    index('forecast_runs_created_idx').on(t.createdAt),
    // One run under way per practice and date: a second request (a double click, two managers) gets the same run.
    uniqueIndex('forecast_runs_one_active_idx').on(t.dentalPracticeId, t.forecastDate).where(sql`status in ('queued', 'running')`),
  ],
);

/** One series of a run: its weekly history and its forecast with bounds (numbers per week, oldest first). */
export const forecastSeries = pgTable(
  'forecast_series',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => forecastRuns.id, { onDelete: 'cascade' }),
    /** product or procedure_code. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** The product or procedure code. */
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    method: varchar('method', { length: 40 }).notNull(),
    demandClass: varchar('demand_class', { length: 16 }).notNull(),
    /** Where product demand came from: history (its own), procedures (procedures × usage), schedule (planned only), predecessor (a successor's combined history), successor (replaced: zero); a thin product's borrowed prior: procedures (its templates' procedures) or category (its category's average). */
    source: varchar('source', { length: 24 }).notNull(),
    /** Fewer than 8 weeks of history: the forecast is a cautious average. */
    thin: boolean('thin').notNull().default(false),
    /** The first day of the first history week. */
    historyStart: date('history_start', { mode: 'string' }).notNull(),
    history: jsonb('history').$type<number[]>().notNull(),
    /** Known future demand per forecast week (planned procedures), already inside `mean`. */
    booked: jsonb('booked').$type<number[]>().notNull(),
    mean: jsonb('mean').$type<number[]>().notNull(),
    lower: jsonb('lower').$type<number[]>().notNull(),
    upper: jsonb('upper').$type<number[]>().notNull(),
    sd: jsonb('sd').$type<number[]>().notNull(),
    distribution: varchar('distribution', { length: 8 }).notNull(),
  },
  (t) => [uniqueIndex('forecast_series_run_ref_idx').on(t.runId, t.kind, t.refId)],
);
