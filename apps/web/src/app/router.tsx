import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { removeAllPracticeChangedListeners } from '../core/practice.ts';
import { setNavigator } from '../core/navigation.ts';
import { ADMIN_ROUTES, GUEST_ROUTES, type GuestScreen, type RouteHandle, type Screen } from './routes.ts';
import { RootErrorBoundary } from '../ui/RootErrorBoundary.tsx';
import { NotFoundPage } from '../ui/NotFound.tsx';
import { AppLoader } from '../ui/AppLoader.tsx';
import { GuestLayout } from './layouts/GuestLayout.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import type { LazyComponent } from './admin-screens.ts';

const GUEST_SCREENS: Record<GuestScreen, LazyComponent> = {
  login: async () => ({ Component: LoginPage }),
  'forgot-password': async () => ({ Component: (await import('../features/auth/ForgotPasswordPage.tsx')).ForgotPasswordPage }),
  'reset-password': async () => ({ Component: (await import('../features/auth/ResetPasswordPage.tsx')).ResetPasswordPage }),
};

// Each screen is its own chunk (notes §2: screens load lazily). The dashboard, where signing in lands, is loaded
// straight from here; the others through the table of admin-screens.ts, which stays out of the first script
// (the login page's) and is fetched alongside the admin layout.
const dashboard: LazyComponent = async () => ({ Component: (await import('../features/dashboard/DashboardPage.tsx')).DashboardPage });
const adminScreens = () => import('./admin-screens.ts');
const screenOf = (screen: Screen): LazyComponent => (screen === 'dashboard' ? dashboard : async () => (await adminScreens()).SCREENS[screen]());

export const routes: RouteObject[] = [
  {
    errorElement: <RootErrorBoundary />,
    HydrateFallback: AppLoader,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        Component: GuestLayout,
        children: [
          ...GUEST_ROUTES.map(
            (route): RouteObject => ({ path: route.path, handle: { crumb: route.crumb } satisfies RouteHandle, lazy: GUEST_SCREENS[route.screen] }),
          ),
        ],
      },
      {
        path: 'admin',
        lazy: async () => ({ Component: (await import('./layouts/AdminLayout.tsx')).AdminLayout }),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          ...ADMIN_ROUTES.map(
            (route): RouteObject => ({
              path: route.path,
              handle: { crumb: route.crumb, ...(route.parent ? { parent: route.parent } : {}) } satisfies RouteHandle,
              lazy: screenOf(route.screen),
            }),
          ),
          { path: '*', Component: NotFoundPage },
        ],
      },
      { path: '*', element: <NotFoundPage standalone /> },
    ],
  },
];

export function createAppRouter(routeObjects: RouteObject[] = routes) {
  const router = createBrowserRouter(routeObjects);
  setNavigator((path) => void router.navigate(path));

  // Notes §1: every `dental-practice-changed` listener goes before every navigation.
  let lastKey = router.state.location.key;
  router.subscribe((state) => {
    const starting = state.navigation.state !== 'idle';
    const moved = state.location.key !== lastKey;
    lastKey = state.location.key;
    if (starting || moved) removeAllPracticeChangedListeners();
  });
  return router;
}
