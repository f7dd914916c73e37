import { AbilityProvider } from '@casl/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { ability as appAbility, type AppAbility } from '../core/abilities.ts';
import { queryClient as appQueryClient } from '../core/queryClient.ts';

const Provided = createContext(false);

interface AdminProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  ability?: AppAbility;
}

/**
 * What the signed-in screens add to the base providers: the data cache and the permission rules. The admin layout
 * mounts them, so the login screen loads neither; inside providers given already (tests) they add nothing.
 */
export function AdminProviders({ children, queryClient = appQueryClient, ability = appAbility }: AdminProvidersProps) {
  if (useContext(Provided)) return children;
  return (
    <Provided value={true}>
      <QueryClientProvider client={queryClient}>
        <AbilityProvider value={ability}>{children}</AbilityProvider>
      </QueryClientProvider>
    </Provided>
  );
}
