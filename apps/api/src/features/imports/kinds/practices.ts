import { dentalPracticeBodySchema } from '@enamel/contracts';
import { dentalPractices, type Database } from '@enamel/db';
import { blankToNull, type Db, type ImportContext } from '../../../core/import/kind.ts';
import { defineRecordKind } from '../../../core/import/record-kind.ts';

interface PracticeRefs {
  /** Stored practices by lower-case code (codes are unique whatever their case, as the practice form checks). */
  byCode: Map<string, { id: number; code: string }>;
  /** The practices the user may import into: 'all' may also create new ones. */
  scope: 'all' | Set<number>;
}

async function loadPractices(db: Db, context: ImportContext): Promise<PracticeRefs> {
  const stored = await (db as Database).select({ id: dentalPractices.id, code: dentalPractices.code }).from(dentalPractices);
  return {
    byCode: new Map(stored.map((p) => [p.code.toLowerCase(), p])),
    scope: context.practiceIds === 'all' ? 'all' : new Set(context.practiceIds),
  };
}

/**
 * Dental practices: natural key the code, case-insensitive (a row updates the practice of that code, whose stored
 * spelling stays). Checked by the practice form's own schema: IANA time zone, ISO 4217 currency. Only a user whose
 * import right covers every practice creates new ones; one limited to some practices updates those only.
 */
export const practiceKind = defineRecordKind({
  name: 'dental-practice',
  subject: 'DentalPractice',
  table: 'dental_practices',
  key: 'code',
  conflict: 'code',
  schema: dentalPracticeBodySchema,
  columns: {
    code: { required: true, example: 'CITY-01', type: 'varchar(32)' },
    name: { required: true, example: 'City Centre Dental Clinic', type: 'varchar(160)' },
    address: { example: '12 Market Street, Manchester M1 1PT', type: 'text' },
    phone: { example: '+44 161 555 0142', type: 'varchar(40)' },
    email: { example: 'frontdesk@example.com', type: 'varchar(254)' },
    time_zone: { required: true, example: 'Europe/London', type: 'varchar(64)' },
    currency: { required: true, example: 'GBP', type: 'varchar(3)' },
  },
  loadRefs: loadPractices,
  body: (cells) => ({
    name: cells.name,
    code: cells.code,
    address: blankToNull(cells.address),
    phone: blankToNull(cells.phone),
    email: blankToNull(cells.email),
    time_zone: cells.time_zone,
    currency: cells.currency,
  }),
  stored(v, refs) {
    const stored = refs.byCode.get(v.code.toLowerCase());
    // Outside the user's practices a code is "unknown", whether or not it exists.
    if (refs.scope !== 'all' && !(stored && refs.scope.has(stored.id))) return { ok: false, errors: [{ column: 'code', key: 'import.unknown_practice', params: { value: v.code } }] };
    return { ok: true, value: { ...v, code: stored?.code ?? v.code, address: v.address || null, phone: v.phone || null, email: v.email || null } };
  },
});
