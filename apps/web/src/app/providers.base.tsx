import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n as appI18n } from '../core/i18n.ts';
import { TOAST_MS, useToastsWanted } from '../core/notify.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** The toasts' container, loaded with the first toast (core/notify.ts). */
function Toasts() {
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={TOAST_MS} position="top-right" zIndex={1000} />
    </Suspense>
  );
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
      <Toasts />
      {children}
    </MantineProvider>
  );
}

/**
 * What every screen relies on, the login screen included: theme, translations, toasts (loaded with the first one).
 * The signed-in screens add the data cache and the permission rules (providers.admin.tsx, mounted by the admin layout).
 */
export function BaseProviders({ children, i18n = appI18n }: { children: ReactNode; i18n?: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedMantine>{children}</LocalisedMantine>
    </I18nextProvider>
  );
}
