import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { CurrentUser, LoginBody, Locale } from '@enamel/contracts';
import { api } from './api.ts';
import { navigateTo } from './navigation.ts';
import { reloadSelectedPractice } from './practice.ts';
import { runSessionResets, setPageExpiredHandler, setUnauthenticatedHandler } from './session.ts';

/** The permission rules load with the first call that needs them, not with the store: the login screen never loads them. */
const http = async () => api;
const loadAbilities = async () => (await import('./abilities.ts')).loadAbilities();

/** The stored user; empty (id null) when signed out. */
export interface AuthUser {
  id: number | null;
  name: string;
  firstname: string;
  lastname: string;
  email: string;
  locale: Locale | null;
  roles: string[];
}

export const EMPTY_USER: AuthUser = { id: null, name: '', firstname: '', lastname: '', email: '', locale: null, roles: [] };

interface GetUserResponse {
  success: boolean;
  data?: CurrentUser;
}

export interface AuthState {
  authenticated: boolean;
  user: AuthUser;
  /** True while any auth request is in flight; blocks a second submit (docs/client-contract.md#auth-forms). Not persisted. */
  processing: boolean;
  /** Fetches the current user; skipped when already authenticated with an id unless `force`. */
  getUser: (force?: boolean) => Promise<void>;
  /** Refreshes the stored user, only when already authenticated. */
  refreshUser: () => Promise<void>;
  login: (body: LoginBody) => Promise<void>;
  logout: () => Promise<void>;
  setUser: (user: CurrentUser) => void;
  /** Runs an auth request under the processing flag; resolves `undefined` when one is already running. */
  runAuthRequest: <T>(request: () => Promise<T>) => Promise<T | undefined>;
}

/** The local half of logout: storage, state, rules and cache (the last two registered in session.ts). */
export function clearSession(): void {
  localStorage.clear();
  useAuthStore.setState({ user: { ...EMPTY_USER }, authenticated: false });
  reloadSelectedPractice();
  runSessionResets();
}

async function loadAbilitiesQuietly(): Promise<void> {
  try {
    await loadAbilities();
  } catch (error) {
    console.error('loadAbilities failed', error);
  }
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      authenticated: false,
      user: { ...EMPTY_USER },
      processing: false,

      getUser: async (force = false) => {
        const { authenticated, user } = get();
        if (!force && authenticated && user.id !== null) return;
        // Rules follow every (re)load of the user (docs/client-contract.md#abilities). A stored session asks for them
        // alongside the user, so the first screen does not wait for one round trip after the other; if the user
        // check fails, what they brought is dropped with the rest of the session's data.
        const rules = authenticated ? loadAbilitiesQuietly() : null;
        const failed = () => {
          set({ authenticated: false, user: { ...EMPTY_USER } });
          void rules?.then(runSessionResets);
        };
        try {
          const { data } = await (await http()).get<GetUserResponse>('/api/user');
          if (data.success && data.data) {
            set({ authenticated: true, user: { ...data.data } });
          } else {
            failed();
            return;
          }
        } catch {
          failed();
          console.error('getUser failed');
          return;
        }
        await (rules ?? loadAbilitiesQuietly());
      },

      refreshUser: async () => {
        if (get().authenticated) await get().getUser(true);
      },

      login: async (body) => {
        await (await http()).post('/login', body);
        await get().getUser(true);
      },

      logout: async () => {
        try {
          await (await http()).post('/logout');
        } catch {
          return; // a failed logout is ignored and the user stays
        }
        clearSession();
        navigateTo('/login');
      },

      setUser: (user) => set({ user: { ...user } }),

      runAuthRequest: async (request) => {
        if (get().processing) return undefined;
        set({ processing: true });
        try {
          return await request();
        } finally {
          set({ processing: false });
        }
      },
    }),
    {
      name: 'enamel-auth',
      partialize: (state) => ({ authenticated: state.authenticated, user: state.user }),
    },
  ),
);

// Any 401 from any call logs the user out locally (docs/client-contract.md#auth-redirects); the api client redirects.
setUnauthenticatedHandler(clearSession);
// A 419 re-checks the session: a live one keeps the user signed in, an ended one answers 401.
setPageExpiredHandler(() => void useAuthStore.getState().getUser(true));
