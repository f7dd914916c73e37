import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, matchRoutes } from 'react-router';
import { BaseProviders } from './app/providers.base.tsx';
import { createAppRouter, routes } from './app/router.tsx';
import { useAuthStore } from './core/auth.store.ts';
import { initI18n } from './core/i18n.ts';

async function start(): Promise<void> {
  // The app fetches the current user at start (docs/client-contract.md#auth-forms). A stored session is refreshed
  // (which also reloads the permission rules); otherwise a live server session is picked up. Asked before the
  // interface language's messages are awaited, so the two requests travel together.
  const auth = useAuthStore.getState();
  void (auth.authenticated ? auth.refreshUser() : auth.getUser());

  // The screen the address names starts loading now, alongside the user and the messages, instead of after them:
  // the router later calls the same loaders, and the browser's module map hands back what is already fetched.
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }

  await initI18n();

  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  createRoot(root).render(
    <StrictMode>
      <BaseProviders>
        <RouterProvider router={router} />
      </BaseProviders>
    </StrictMode>,
  );
}

void start();
