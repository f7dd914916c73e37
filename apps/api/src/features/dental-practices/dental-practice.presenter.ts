import type { DentalPractice } from '@enamel/contracts';
import type { dentalPractices } from '@enamel/db';

/** The only place a practice row becomes API JSON. */
export function presentDentalPractice(row: typeof dentalPractices.$inferSelect): DentalPractice {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    address: row.address,
    phone: row.phone,
    email: row.email,
    time_zone: row.timeZone,
    currency: row.currency,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
