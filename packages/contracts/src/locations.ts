import { z } from 'zod';
import { STATUSES } from './dental-practices.ts';
import { idSchema } from './values.ts';

/** Where in a practice stock is kept (docs/locations.md). */
export const STORAGE_LOCATION_KINDS = ['store_room', 'operatory', 'sterilisation', 'other'] as const;
export type StorageLocationKind = (typeof STORAGE_LOCATION_KINDS)[number];

/**
 * Create or update (the whole record) a storage location. `is_main: true` makes it the practice's main store (the
 * one receipts go to by default); the flag leaves the old main store in the same transaction.
 */
export const storageLocationBodySchema = z.strictObject({
  dental_practice_id: idSchema,
  name: z.string().trim().min(1).max(120),
  kind: z.enum(STORAGE_LOCATION_KINDS).default('other'),
  sort_order: z.number().int().min(0).max(1_000_000).default(0),
  is_main: z.boolean().optional(),
  status: z.enum(STATUSES).optional(),
});
export type StorageLocationBody = z.input<typeof storageLocationBodySchema>;
