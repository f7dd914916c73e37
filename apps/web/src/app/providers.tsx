import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AbilityProvider } from '@casl/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ability as appAbility, type AppAbility } from '../core/abilities.ts';
import { queryClient as appQueryClient } from '../core/queryClient.ts';
import { i18n as appI18n } from '../core/i18n.ts';
import { TOAST_MS } from '../core/notify.ts';
import { theme } from './theme.ts';

interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  i18n?: I18n;
  ability?: AppAbility;
}

/** Everything a screen relies on: theme, data cache, translations, permission rules, toasts. */
export function Providers({ children, queryClient = appQueryClient, i18n = appI18n, ability = appAbility }: ProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications autoClose={TOAST_MS} position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <AbilityProvider value={ability}>{children}</AbilityProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
