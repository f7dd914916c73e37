export { WebhookListPage } from './WebhookListPage.tsx';
export { WebhookDetailPage } from './WebhookDetailPage.tsx';
