import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import type { AppAbility } from '../core/abilities.ts';
import { AdminProviders } from './providers.admin.tsx';
import { BaseProviders } from './providers.base.tsx';

interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  i18n?: I18n;
  ability?: AppAbility;
}

/**
 * Everything a screen relies on: theme, translations, toasts, data cache, permission rules. The app itself mounts
 * the base half at the root and the admin half in the admin layout (first load); tests render screens in both.
 */
export function Providers({ children, queryClient, i18n, ability }: ProvidersProps) {
  return (
    <BaseProviders i18n={i18n}>
      <AdminProviders queryClient={queryClient} ability={ability}>
        {children}
      </AdminProviders>
    </BaseProviders>
  );
}
