import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { BaseProviders } from './app/providers.base.tsx';
import { createAppRouter } from './app/router.tsx';
import { useAuthStore } from './core/auth.store.ts';
import { initI18n } from './core/i18n.ts';

async function start(): Promise<void> {
  // The app fetches the current user at start (docs/client-contract.md#auth-forms). A stored session is refreshed
  // (which also reloads the permission rules); otherwise a live server session is picked up. Asked before the
  // interface language's messages are awaited, so the two requests travel together.
  const auth = useAuthStore.getState();
  void (auth.authenticated ? auth.refreshUser() : auth.getUser());

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
