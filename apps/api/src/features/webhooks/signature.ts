import crypto from 'node:crypto';

/**
 * Webhook signatures (docs/webhooks.md#verifying-a-delivery): `Enamel-Signature: t=<unix seconds>,v1=<hex>` where
 * the hex is HMAC-SHA256, keyed with the subscription's secret, of `${t}.${body}` (the raw body, byte for byte).
 * `Enamel-Timestamp` repeats `t`. A receiver recomputes it and refuses a signature older than its tolerance.
 */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const digest = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/**
 * A receiver's check: true when `header` (the `Enamel-Signature` value) carries a v1 signature of `body` made with
 * `secret`, no older (nor further in the future) than `toleranceSeconds`. Compares in constant time; a replayed
 * (old) signature, a tampered body or another secret is false.
 */
export function verifyWebhookSignature(secret: string, header: string | null | undefined, body: string, toleranceSeconds = 300, now = Date.now()): boolean {
  if (!header) return false;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'));
  return signatures.some((s) => crypto.timingSafeEqual(Buffer.from(s), expected));
}

/** A new secret: 32 random bytes, `whsec_` and base64url. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}
