import { dentalPractices, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';

export interface DentalPracticeRow {
  id: number;
  name: string;
  code: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  time_zone: string;
  currency: string;
  status: string;
  created_at: string;
}

export const dentalPracticeList: ListDefinition<DentalPracticeRow> = {
  path: '/api/admin/list/dental-practices',
  columns: {
    id: { type: 'number', expr: dentalPractices.id, sort: true, filter: true },
    name: { type: 'string', expr: dentalPractices.name, sort: true, filter: true, search: true },
    code: { type: 'string', expr: dentalPractices.code, sort: true, filter: true, search: true },
    email: { type: 'string', expr: dentalPractices.email, sort: true, filter: true, search: true },
    phone: { type: 'string', expr: dentalPractices.phone, filter: true, search: true },
    address: { type: 'string', expr: dentalPractices.address, filter: true, search: true },
    time_zone: { type: 'string', expr: dentalPractices.timeZone, sort: true, filter: true },
    currency: { type: 'string', expr: dentalPractices.currency, sort: true, filter: true },
    status: { type: 'string', expr: dentalPractices.status, sort: true, filter: true },
    created_at: { type: 'date', expr: dentalPractices.createdAt, sort: true, filter: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tiebreaker: dentalPractices.id,
  query: (db: Database) =>
    db
      .select({
        id: dentalPractices.id,
        name: dentalPractices.name,
        code: dentalPractices.code,
        email: dentalPractices.email,
        phone: dentalPractices.phone,
        address: dentalPractices.address,
        time_zone: dentalPractices.timeZone,
        currency: dentalPractices.currency,
        status: dentalPractices.status,
        created_at: dentalPractices.createdAt,
      })
      .from(dentalPractices)
      .$dynamic(),
  present: (row) => ({ ...(row as unknown as DentalPracticeRow), created_at: (row.created_at as Date).toISOString() }),
};
