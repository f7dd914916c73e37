import { dentalPracticeListContract, type ListRow } from '@enamel/contracts';
import { dentalPractices } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type DentalPracticeRow = ListRow<typeof dentalPracticeListContract>;

export const dentalPracticeList = bindList(dentalPracticeListContract, {
  table: dentalPractices,
  tiebreaker: dentalPractices.id,
});
