import { z } from 'zod';

/** The stock alerts the alert job raises (docs/product-rules.md#alerts). */
export const ALERT_KINDS = ['low_stock', 'expiring_lot', 'stockout_predicted'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  dental_practice_id: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsAnswerSchema = z.object({ data: z.array(notificationSchema), meta: z.object({ unread: z.number().int() }) });

/** How often a user gets the e-mail digest of their unread notifications. */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** GET / POST /api/profile/digest */
export const digestSettingSchema = z.strictObject({ digest: z.enum(DIGEST_FREQUENCIES) });
