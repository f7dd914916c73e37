import { eq, sql, type SQL } from 'drizzle-orm';
import { dentalPractices, NAMED } from '@enamel/db';
import { AppError } from './errors.ts';
import type { Tx } from './transaction.ts';

export interface ActivePractice {
  id: number;
  name: string;
  timeZone: string;
  currency: string;
}

/** Practices already checked in a transaction: a write that touches ten products reads its practice once. */
const checked = new WeakMap<object, Map<number, ActivePractice>>();

/**
 * The one gate every write into a practice passes (stock movements, inventory settings, procedures,
 * imports): the practice must be active. Runs inside the write's transaction and takes a share lock
 * on the practice row, so a deactivation waits for writes already under way and no write starts
 * after it commits. A deactivated practice answers 409 "restore it first"; an unknown one 404.
 */
export async function lockActivePractice(tx: Tx, practiceId: number): Promise<ActivePractice> {
  return (await lockActivePracticeWith(tx, practiceId, null)).practice;
}

/**
 * `lockActivePractice`, reading `probe` (one SQL expression: the checks of what the write names, e.g. that its codes and
 * products exist) in the same statement as the lock; alone when the practice is already locked in this transaction.
 * Both run as named statements: a probe's text must be fixed (its lists one array parameter, `idArray`), not inlined values.
 */
export async function lockActivePracticeWith<T>(tx: Tx, practiceId: number, probe: SQL<T> | null): Promise<{ practice: ActivePractice; probe: T }> {
  let seen = checked.get(tx);
  const known = seen?.get(practiceId);
  if (known) {
    if (probe === null) return { practice: known, probe: null as T };
    const [row] = await tx.select({ probe }).from(sql`(select 1) as one`).prepare(NAMED).execute();
    return { practice: known, probe: row!.probe };
  }
  const [row] = await tx
    .select({ id: dentalPractices.id, name: dentalPractices.name, status: dentalPractices.status, timeZone: dentalPractices.timeZone, currency: dentalPractices.currency, probe: probe ?? sql<T>`null` })
    .from(dentalPractices)
    .where(eq(dentalPractices.id, practiceId))
    .for('share', { of: dentalPractices })
    // Its text is fixed (a probe's lists travel as array parameters): prepared once per connection (named-statements.ts).
    .prepare(NAMED)
    .execute();
  if (!row) throw new AppError('not_found');
  if (row.status !== 'active') throw new AppError('conflict', 'practice.inactive', undefined, { practice: row.name });
  const practice = { id: row.id, name: row.name, timeZone: row.timeZone, currency: row.currency };
  if (!seen) checked.set(tx, (seen = new Map<number, ActivePractice>()));
  seen.set(practiceId, practice);
  return { practice, probe: row.probe };
}

/** The calendar day (YYYY-MM-DD) of an instant in the practice's time zone: the dates module's, re-exported for the features that read it here. */
export { dayIn } from '@enamel/contracts';
