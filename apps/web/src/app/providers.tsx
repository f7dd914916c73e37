import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AbilityProvider } from '@casl/react';
import type { i18n as I18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ability as appAbility, type AppAbility } from '../core/abilities.ts';
import { queryClient as appQueryClient } from '../core/queryClient.ts';
import { i18n as appI18n } from '../core/i18n.ts';
import { TOAST_MS } from '../core/notify.ts';
import { cssVariablesResolver, theme } from './theme.ts';

interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  i18n?: I18n;
  ability?: AppAbility;
}

/** The theme plus the names of Mantine's icon-only buttons (a modal's or alert's close button) in the interface language. */
function LocalisedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('common.close');
  const localised = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
          Alert: { defaultProps: { closeButtonLabel: close } },
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        },
      }),
    [close],
  );
  return (
    <MantineProvider theme={localised} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications autoClose={TOAST_MS} position="top-right" zIndex={1000} />
      {children}
    </MantineProvider>
  );
}

/** Everything a screen relies on: theme, data cache, translations, permission rules, toasts. */
export function Providers({ children, queryClient = appQueryClient, i18n = appI18n, ability = appAbility }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedMantine>
        <QueryClientProvider client={queryClient}>
          <AbilityProvider value={ability}>{children}</AbilityProvider>
        </QueryClientProvider>
      </LocalisedMantine>
    </I18nextProvider>
  );
}
