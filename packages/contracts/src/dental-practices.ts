import { z } from 'zod';

const timeZones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
const currencies = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 currency code (any case in, upper case out). */
export const currencySchema = z
  .string()
  .transform((v) => v.toUpperCase())
  .refine((v) => currencies.has(v), { params: { kind: 'currency' } });

export const STATUSES = ['active', 'inactive'] as const;

/** Body of POST /api/dental-practice/create and …/update/{id}. */
export const dentalPracticeBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(160),
  code: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  address: z.string().trim().max(500).nullish(),
  phone: z.string().trim().max(40).regex(/^[0-9+()./\s-]*$/).nullish(),
  email: z.union([z.literal(''), z.email().max(254)]).nullish(),
  time_zone: z.string().refine((v) => timeZones.has(v), { params: { kind: 'time_zone' } }),
  currency: currencySchema,
  status: z.enum(STATUSES).optional(),
});
export type DentalPracticeBody = z.infer<typeof dentalPracticeBodySchema>;

export const dentalPracticeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  time_zone: z.string(),
  currency: z.string(),
  status: z.enum(STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DentalPractice = z.infer<typeof dentalPracticeSchema>;
