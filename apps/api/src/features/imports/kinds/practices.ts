import { dentalPracticeBodySchema } from '@enamel/contracts';
import { dentalPractices, type Database } from '@enamel/db';
import { blankToNull, defineKind, issuesToCellErrors, optionalLower, type Db } from '../../../core/import/kind.ts';
import { upsertRows } from '../../../core/import/upsert.ts';

interface PracticeRow {
  name: string;
  code: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  time_zone: string;
  currency: string;
  status: string | undefined;
}

interface PracticeRefs {
  /** Stored practices by lower-case code (codes are unique whatever their case, as the practice form checks). */
  byCode: Map<string, { id: number; code: string }>;
  /** The practices the user may import into: 'all' may also create new ones. */
  scope: 'all' | Set<number>;
}

/**
 * Dental practices: natural key the code, case-insensitive (a row updates the practice of that code, whose stored
 * spelling stays). Checked by the practice form's own schema: IANA time zone, ISO 4217 currency. Only a user whose
 * import right covers every practice creates new ones; one limited to some practices updates those only.
 */
export const practiceKind = defineKind<PracticeRow, PracticeRefs>({
  name: 'dental-practice',
  subject: 'DentalPractice',
  keyColumn: 'code',
  columns: [
    { name: 'code', required: true, example: 'CITY-01' },
    { name: 'name', required: true, example: 'City Centre Dental Clinic' },
    { name: 'address', example: '12 Market Street, Manchester M1 1PT' },
    { name: 'phone', example: '+44 161 555 0142' },
    { name: 'email', example: 'frontdesk@example.com' },
    { name: 'time_zone', required: true, example: 'Europe/London' },
    { name: 'currency', required: true, example: 'GBP' },
    { name: 'status', example: 'active' },
  ],
  async loadRefs(db: Db, context) {
    const stored = await (db as Database).select({ id: dentalPractices.id, code: dentalPractices.code }).from(dentalPractices);
    return {
      byCode: new Map(stored.map((p) => [p.code.toLowerCase(), p])),
      scope: context.practiceIds === 'all' ? 'all' : new Set(context.practiceIds),
    };
  },
  parseRow(cells, refs) {
    const body = {
      name: cells.name,
      code: cells.code,
      address: blankToNull(cells.address),
      phone: blankToNull(cells.phone),
      email: blankToNull(cells.email),
      time_zone: cells.time_zone,
      currency: cells.currency,
      status: optionalLower(cells.status),
    };
    const parsed = dentalPracticeBodySchema.safeParse(body);
    if (!parsed.success) return { ok: false, errors: issuesToCellErrors(parsed.error.issues, body, (f) => f) };
    const v = parsed.data;
    const stored = refs.byCode.get(v.code.toLowerCase());
    // Outside the user's practices a code is "unknown", whether or not it exists.
    if (refs.scope !== 'all' && !(stored && refs.scope.has(stored.id))) return { ok: false, errors: [{ column: 'code', key: 'import.unknown_practice', params: { value: v.code } }] };
    return {
      ok: true,
      value: { name: v.name, code: stored?.code ?? v.code, address: v.address || null, phone: v.phone || null, email: v.email || null, time_zone: v.time_zone, currency: v.currency, status: v.status },
    };
  },
  naturalKey: (row) => row.code.toLowerCase(),
  upsert: (tx, rows) =>
    upsertRows(
      tx,
      {
        table: 'dental_practices',
        conflict: 'code',
        columns: { name: 'varchar(160)', code: 'varchar(32)', address: 'text', phone: 'varchar(40)', email: 'varchar(254)', time_zone: 'varchar(64)', currency: 'varchar(3)', status: 'varchar(16)' },
        keepWhenAbsent: { status: 'active' },
      },
      rows.map((r) => ({ ...r })),
    ),
});
