import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type configurationCreateBodySchema, type configurationUpdateBodySchema, type ConfigurationRow } from '@enamel/contracts';
import { dentalPractices, practiceSettings, type Database } from '@enamel/db';
import { dayIn, lockActivePractice } from '../../core/active-practice.ts';
import { recordActivity, changes, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import type { Tx } from '../../core/transaction.ts';
import { configurationList } from './configuration.list.ts';

type Fields = z.output<typeof configurationUpdateBodySchema>;

/** The API's fields as the table's columns (only those sent). */
function columnsOf(body: Fields) {
  return {
    ...(body.forecast_horizon_weeks !== undefined ? { forecastHorizonWeeks: body.forecast_horizon_weeks } : {}),
    ...(body.service_level !== undefined ? { serviceLevel: body.service_level.toFixed(4) } : {}),
    ...(body.lead_time_days !== undefined ? { leadTimeDays: body.lead_time_days } : {}),
    ...(body.review_period_days !== undefined ? { reviewPeriodDays: body.review_period_days } : {}),
    ...(body.dead_stock_days !== undefined ? { deadStockDays: body.dead_stock_days } : {}),
    ...(body.expiry_warning_days !== undefined ? { expiryWarningDays: body.expiry_warning_days } : {}),
    ...(body.allow_negative_stock !== undefined ? { allowNegativeStock: body.allow_negative_stock } : {}),
    ...(body.forecast_date !== undefined ? { forecastDate: body.forecast_date } : {}),
    ...(body.monthly_supply_budget !== undefined ? { monthlySupplyBudget: body.monthly_supply_budget === null ? null : body.monthly_supply_budget.toFixed(2) } : {}),
    ...(body.po_approval_threshold !== undefined ? { poApprovalThreshold: body.po_approval_threshold === null ? null : body.po_approval_threshold.toFixed(2) } : {}),
    ...(body.over_receipt_tolerance !== undefined ? { overReceiptTolerance: body.over_receipt_tolerance.toFixed(4) } : {}),
    ...(body.stock_take_approval_threshold !== undefined ? { stockTakeApprovalThreshold: body.stock_take_approval_threshold.toFixed(2) } : {}),
  };
}

/** The practice must be active (share-locked) and the forecast date not after its today. */
async function checkPractice(tx: Tx, practiceId: number, body: Fields): Promise<void> {
  const practice = await lockActivePractice(tx, practiceId);
  const today = dayIn(practice.timeZone, new Date());
  if (body.forecast_date && body.forecast_date > today) throw invalid('forecast_date', 'forecast.future_date', { today });
}

export async function findConfiguration(db: Database, practiceId: number): Promise<Omit<ConfigurationRow, 'can_update'>> {
  const [row] = await configurationList.query(db).where(eq(dentalPractices.id, practiceId)).limit(1);
  if (!row) throw new AppError('not_found');
  return configurationList.present!(row);
}

/** Saves a practice's first configuration (absent fields take the defaults); 409 when it already has one. */
export async function createConfiguration(db: Database, actor: Actor, body: z.output<typeof configurationCreateBodySchema>): Promise<void> {
  await db.transaction(async (tx) => {
    await checkPractice(tx, body.dental_practice_id, body);
    const [created] = await tx
      .insert(practiceSettings)
      .values({ dentalPracticeId: body.dental_practice_id, ...columnsOf(body) })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('conflict', 'configuration.exists');
    await recordActivity(tx, actor, { action: 'create', subject: 'Configuration', subjectId: body.dental_practice_id, practiceId: body.dental_practice_id, after: created });
  });
}

/**
 * Changes the fields sent, after locking the practice (share) and its settings row. A practice still on its
 * defaults gets its row first (insert … on conflict do nothing, so two first saves at once queue on the row
 * instead of one failing), then the change is an update like any other.
 */
export async function updateConfiguration(db: Database, actor: Actor, practiceId: number, body: Fields): Promise<void> {
  await db.transaction(async (tx) => {
    await checkPractice(tx, practiceId, body);
    await tx.insert(practiceSettings).values({ dentalPracticeId: practiceId }).onConflictDoNothing();
    const [before] = await tx.select().from(practiceSettings).where(eq(practiceSettings.dentalPracticeId, practiceId)).for('update');
    const [after] = await tx.update(practiceSettings).set(columnsOf(body)).where(eq(practiceSettings.dentalPracticeId, practiceId)).returning();
    await recordActivity(tx, actor, { action: 'update', subject: 'Configuration', subjectId: practiceId, practiceId, ...changes(before!, after!) });
  });
}
