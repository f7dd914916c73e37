import type { AnyImportKind } from '../../../core/import/kind.ts';
import { brandKind } from './brands.ts';
import { categoryKind } from './categories.ts';
import { procedureCodeKind } from './procedure-codes.ts';
import { productKind } from './products.ts';

/** Every kind of import; a later kind (inventory, procedures, practices) is one file and one line here. */
export const IMPORT_KINDS: readonly AnyImportKind[] = [brandKind, categoryKind, productKind, procedureCodeKind];

export function importKind(name: string): AnyImportKind | undefined {
  return IMPORT_KINDS.find((k) => k.name === name);
}
