export { IntegrationsPage } from './IntegrationsPage.tsx';
