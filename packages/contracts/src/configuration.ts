import { z } from 'zod';
import { col, fieldShape } from './list-fields.ts';
import { idField, practiceFields } from './lists/common-fields.ts';
import { STOCK_TAKE_DEFAULT_APPROVAL_THRESHOLD } from './stock-takes.ts';
import { calendarDaySchema, idSchema } from './values.ts';

/** A practice's forecasting and stock settings, with the values a practice starts with. */
export const CONFIGURATION_DEFAULTS = {
  forecast_horizon_weeks: 12,
  service_level: 0.95,
  lead_time_days: 7,
  review_period_days: 7,
  dead_stock_days: 90,
  expiry_warning_days: 30,
  allow_negative_stock: false,
  forecast_date: null,
  monthly_supply_budget: null,
  po_approval_threshold: null,
  over_receipt_tolerance: 0,
  stock_take_approval_threshold: Number(STOCK_TAKE_DEFAULT_APPROVAL_THRESHOLD),
} as const;

/** The largest amount a money setting takes (the column's 14 digits, 2 after the point). */
export const SETTING_MONEY_MAX = 999_999_999_999.99;

/** Service levels offered on the Setting screen (any value in [0.5, 0.999] is accepted). */
export const SERVICE_LEVEL_CHOICES = [0.9, 0.95, 0.98, 0.99] as const;

const sortFilter = { sort: true, filter: true };
/** A whole-number setting in [min, max]. */
const whole = (min: number, max: number) => col.of('number', z.number().int().min(min).max(max), sortFilter);
/** An amount in the practice's currency, in cents at most; null = not set. */
const money = () => col.of('number', z.number().min(0).max(SETTING_MONEY_MAX).multipleOf(0.01).nullable(), sortFilter);

/** A practice's settings, each with its bounds and what the configuration list lets a reader do with it. */
export const configurationSettingFields = {
  forecast_horizon_weeks: whole(1, 104),
  service_level: col.of('number', z.number().min(0.5).max(0.999).multipleOf(0.001), sortFilter),
  lead_time_days: whole(0, 365),
  review_period_days: whole(1, 365),
  dead_stock_days: whole(7, 1095),
  expiry_warning_days: whole(1, 365),
  allow_negative_stock: col.bool(sortFilter),
  /** The dashboard's default "as of" date; null = today. Not after the practice's today. */
  forecast_date: col.of('date', calendarDaySchema.nullable(), sortFilter),
  /** The practice's monthly supply budget, in its currency; null = none. */
  monthly_supply_budget: money(),
  /** A purchase order above this total (in its currency) needs approval; null = never. */
  po_approval_threshold: money(),
  /** Share of a line's quantity that may be received beyond it (0.05 = 5 %), 0 to 1. */
  over_receipt_tolerance: col.of('number', z.number().min(0).max(1).multipleOf(0.0001), sortFilter),
  /** A stock take whose Σ |variance value| is above this amount (in the practice's currency) needs a second approver (docs/stock-takes.md). */
  stock_take_approval_threshold: col.of('number', z.number().min(0).max(SETTING_MONEY_MAX).multipleOf(0.01), sortFilter),
};
export const configurationFieldsSchema = z.strictObject(fieldShape(configurationSettingFields));

/** POST /api/configuration/create: the settings of a practice that has none yet (absent fields take the defaults). */
export const configurationCreateBodySchema = configurationFieldsSchema.partial().extend({ dental_practice_id: idSchema });
/** POST /api/configuration/update/{id} (id = the practice's): only the fields sent change. */
export const configurationUpdateBodySchema = configurationFieldsSchema.partial().refine((body) => Object.keys(body).length > 0, { params: { kind: 'nothing_to_change' } });
export type ConfigurationFields = z.infer<typeof configurationFieldsSchema>;

/** A practice's settings as listed (one row per practice, its defaults until saved). */
export const configurationRowFields = {
  /** The practice's id: a practice has one configuration. */
  id: idField,
  ...practiceFields,
  ...configurationSettingFields,
  /** The practice's currency: the budget and the approval threshold are amounts in it. */
  currency: col.text({ filter: true }),
  /** False while the practice runs on the defaults (create makes it true). */
  configured: col.bool({ filter: true }),
  updated_at: col.nullable(col.date(sortFilter)),
  can_update: col.field(z.boolean()),
};
export const configurationRowSchema = z.strictObject(fieldShape(configurationRowFields));
export type ConfigurationRow = z.infer<typeof configurationRowSchema>;
