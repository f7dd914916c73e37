/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as webhookRoutes } from './webhooks.routes.ts';
export { emitWebhookEvent, emitWebhookEvents, webhookEventWrites, type WebhookEvent } from './events.ts';
export { drainWebhooks, startWebhookTicker, webhookDeliverJob } from './delivery.ts';
export { signWebhook, verifyWebhookSignature } from './signature.ts';
