import { type DentalPractice, type DentalPracticeBody, dentalPracticeListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';
import { recordApi } from '../../core/api.ts';

export const DENTAL_PRACTICES_LIST_URL = LIST_PATHS.dentalPractice;

/** A row of the practices list (the list engine's declared columns). */
export type DentalPracticeRow = ListRow<typeof dentalPracticeListContract>;

/** The practice selector's options show practices too, so a change refreshes them. */
const practices = recordApi<DentalPractice, DentalPracticeBody>('dental-practice', { remove: 'delete-permenent', refresh: ['practices'] });

export const fetchDentalPractice = practices.fetch;
export const saveDentalPractice = practices.save;
/** Delete sets a practice inactive, restore brings it back (docs/product-rules.md#deactivate); only an inactive one can go for good. */
export const dentalPracticeLifecycle = practices.lifecycle;
