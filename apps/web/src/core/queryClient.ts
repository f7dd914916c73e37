import { QueryClient } from '@tanstack/react-query';
import { AxiosError } from 'axios';

/** Shared cache; cleared on logout so one user's data never shows to the next. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not fix themselves; retry only network trouble and 5xx once.
      retry: (failures, error) => {
        const status = error instanceof AxiosError ? error.response?.status : undefined;
        return failures < 1 && (status === undefined || status >= 500);
      },
    },
  },
});
