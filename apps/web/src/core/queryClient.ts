import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from './errors.ts';
import { onSessionCleared } from './session.ts';

/** Shared cache; cleared on logout so one user's data never shows to the next. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not fix themselves; retry only network trouble and 5xx once.
      retry: (failures, error) => {
        const status = isHttpError(error) ? error.response?.status : undefined;
        return failures < 1 && (status === undefined || status >= 500);
      },
    },
  },
});

// One user's data never shows to the next.
onSessionCleared(() => queryClient.clear());
