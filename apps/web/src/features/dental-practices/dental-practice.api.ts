import { type DentalPractice, type DentalPracticeBody, dentalPracticeListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';
import { recordApi } from '../../core/api.ts';

export const DENTAL_PRACTICES_LIST_URL = LIST_PATHS.dentalPractice;

/** A row of the practices list (the list engine's declared columns). */
export type DentalPracticeRow = ListRow<typeof dentalPracticeListContract>;

const practices = recordApi<DentalPractice, DentalPracticeBody>('dental-practice');

export const fetchDentalPractice = practices.fetch;
export const saveDentalPractice = practices.save;

/** "Delete" sets the practice inactive; restore brings it back (docs/product-rules.md#deactivate). */
export const deactivateDentalPractice = (id: number) => practices.act('delete', id);

export const restoreDentalPractice = (id: number) => practices.act('restore', id);

/** Only an inactive practice can go for good (one transaction on the server, logged). */
export const deleteDentalPracticePermanently = (id: number) => practices.act('delete-permenent', id);
