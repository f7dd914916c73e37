import { useQuery } from '@tanstack/react-query';
import { LIST_PATHS, type ListRow, type WebhookBody, type webhookDeliveryListContract, type webhookListContract } from '@enamel/contracts';
import { api, getData, recordApi } from '../../core/api.ts';

/** A webhook subscription (docs/webhooks.md), as the list and the detail answer it: never its secret. */
export type WebhookRow = ListRow<typeof webhookListContract>;
/** One line of a subscription's delivery log. */
export type WebhookDeliveryRow = ListRow<typeof webhookDeliveryListContract>;

export const WEBHOOKS_LIST_URL = LIST_PATHS.webhook;
export const webhookDetailPath = (id: number) => `/admin/webhooks/${id}`;

const webhooks = recordApi<WebhookRow, WebhookBody>('webhook', { deactivate: 'deactivate', refresh: ['webhooks', 'webhook-deliveries'] });
export const fetchWebhook = webhooks.fetch;
/** Deactivate (no more deliveries) and restore (its failure count starts over). */
export const webhookLifecycle = webhooks.lifecycle;

/** Saves a subscription; a new one answers its secret, once. */
export async function saveWebhook(body: WebhookBody, id?: number): Promise<{ data: WebhookRow; secret?: string }> {
  const { data } = await api.post<{ data: WebhookRow; secret?: string }>(id === undefined ? '/api/webhook/create' : `/api/webhook/update/${id}`, body);
  return data;
}

/** A new secret, answered once. */
export async function rotateWebhookSecret(id: number): Promise<string> {
  const { data } = await api.post<{ secret: string }>(`/api/webhook/rotate-secret/${id}`);
  return data.secret;
}

/** Sends one delivery again now. */
export async function redeliverWebhook(deliveryId: number): Promise<void> {
  await api.post(`/api/webhook-delivery/redeliver/${deliveryId}`);
}

/** What the signed-in user may do with organisation subscriptions (each needs the right in every active practice). */
export interface WebhookOrganisationRights {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

/** The server decides (it knows every active practice); the screens only offer what it allows. */
export function useWebhookOrganisationRights(enabled = true) {
  return useQuery({ queryKey: ['webhook', 'organisation-rights'], queryFn: () => getData<WebhookOrganisationRights>('/api/webhook/organisation-rights'), enabled, staleTime: 60_000 });
}
