import type { AnyImportKind } from '../../../core/import/kind.ts';
import { brandKind } from './brands.ts';
import { categoryKind } from './categories.ts';
import { procedureCodeKind } from './procedure-codes.ts';
import { practiceKind } from './practices.ts';
import { productKind } from './products.ts';
import { inventoryKind } from '../../inventory/index.ts';
import { procedureKind } from '../../procedures/index.ts';
import { openDentalKind } from '../../integrations/index.ts';
import { supplierKind, supplierOfferKind } from '../../suppliers/index.ts';

/** Every kind of import; a new kind is one file (beside the entity it writes) and one line here. */
export const IMPORT_KINDS: readonly AnyImportKind[] = [brandKind, categoryKind, productKind, procedureCodeKind, practiceKind, inventoryKind, procedureKind, supplierKind, supplierOfferKind, openDentalKind];

export function importKind(name: string): AnyImportKind | undefined {
  return IMPORT_KINDS.find((k) => k.name === name);
}
