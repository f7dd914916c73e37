import { z } from 'zod';
import { currencySchema } from './dental-practices.ts';

/** The organisation's own settings (one record): the currency catalog prices are in. */
export const organisationSchema = z.object({ currency: z.string(), products_priced: z.number().int(), updated_at: z.string().nullable() });
export type Organisation = z.infer<typeof organisationSchema>;

/**
 * POST /api/organisation/update. Prices are never converted: changing the currency while products have
 * prices re-reads those prices in the new currency, so it needs `confirm: true` (409 otherwise).
 */
export const organisationUpdateBodySchema = z.strictObject({ currency: currencySchema, confirm: z.boolean().default(false) });
