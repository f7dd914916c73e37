import { useAuthStore } from '../../core/auth.store.ts';
import { useServerErrors } from '../../ui/useServerErrors.ts';

/**
 * The auth forms' behaviour (docs/client-contract.md#auth-forms): one auth request at a time (the processing
 * flag), errors cleared at the start of each submit, server errors kept per field.
 */
export function useAuthSubmit() {
  const processing = useAuthStore((s) => s.processing);
  const errors = useServerErrors();

  async function submit(request: () => Promise<void>): Promise<boolean> {
    const store = useAuthStore.getState();
    if (store.processing) return false;
    errors.clear();
    try {
      const done = await store.runAuthRequest(async () => {
        await request();
        return true;
      });
      return done === true;
    } catch (error) {
      errors.capture(error);
      return false;
    }
  }

  return { processing, submit, ...errors };
}
