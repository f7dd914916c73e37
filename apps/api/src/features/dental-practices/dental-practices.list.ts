import { dentalPracticeListContract, type ListRow } from '@enamel/contracts';
import { dentalPractices } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type DentalPracticeRow = ListRow<typeof dentalPracticeListContract>;

export const dentalPracticeList = bindList(dentalPracticeListContract, {
  columns: {
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
  },
  from: (db, fields) => db.select(fields).from(dentalPractices).$dynamic(),
  tiebreaker: dentalPractices.id,
});
