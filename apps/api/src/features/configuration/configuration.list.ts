import { eq, sql } from 'drizzle-orm';
import { CONFIGURATION_DEFAULTS, configurationListContract } from '@enamel/contracts';
import { dentalPractices, practiceSettings } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

const d = CONFIGURATION_DEFAULTS;
const s = practiceSettings;

/**
 * Each practice's forecasting and stock settings (the `configuration` list, docs/client-contract.md#lists): one row per practice,
 * its defaults until someone saves it.
 */
export const configurationList = bindList(configurationListContract, {
  table: dentalPractices,
  columns: {
    dental_practice_id: dentalPractices.id,
    dental_practice_name: dentalPractices.name,
    forecast_horizon_weeks: sql<number>`coalesce(${s.forecastHorizonWeeks}, ${d.forecast_horizon_weeks})`,
    service_level: sql<string>`coalesce(${s.serviceLevel}, ${d.service_level})`,
    lead_time_days: sql<number>`coalesce(${s.leadTimeDays}, ${d.lead_time_days})`,
    review_period_days: sql<number>`coalesce(${s.reviewPeriodDays}, ${d.review_period_days})`,
    dead_stock_days: sql<number>`coalesce(${s.deadStockDays}, ${d.dead_stock_days})`,
    expiry_warning_days: sql<number>`coalesce(${s.expiryWarningDays}, ${d.expiry_warning_days})`,
    allow_negative_stock: sql<boolean>`coalesce(${s.allowNegativeStock}, ${d.allow_negative_stock})`,
    forecast_date: s.forecastDate,
    monthly_supply_budget: s.monthlySupplyBudget,
    po_approval_threshold: s.poApprovalThreshold,
    over_receipt_tolerance: sql<string>`coalesce(${s.overReceiptTolerance}, ${d.over_receipt_tolerance})`,
    stock_take_approval_threshold: sql<string>`coalesce(${s.stockTakeApprovalThreshold}, ${d.stock_take_approval_threshold})`,
    currency: dentalPractices.currency,
    configured: sql<boolean>`(${s.dentalPracticeId} is not null)`,
    updated_at: s.updatedAt,
  },
  joins: [{ left: s, on: eq(s.dentalPracticeId, dentalPractices.id) }],
  tiebreaker: dentalPractices.id,
});
