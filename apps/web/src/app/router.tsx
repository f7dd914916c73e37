import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { removeAllPracticeChangedListeners } from '../core/practice.ts';
import { setNavigator } from '../core/navigation.ts';
import { ADMIN_ROUTES, GUEST_ROUTES, type GuestScreen, type RouteHandle, type Screen } from './routes.ts';
import { RootErrorBoundary } from '../ui/RootErrorBoundary.tsx';
import { NotFoundPage } from '../ui/NotFound.tsx';
import { AppLoader } from '../ui/AppLoader.tsx';
import { GuestLayout } from './layouts/GuestLayout.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';

type LazyComponent = () => Promise<{ Component: React.ComponentType }>;

const GUEST_SCREENS: Record<GuestScreen, LazyComponent> = {
  login: async () => ({ Component: LoginPage }),
  'forgot-password': async () => ({ Component: (await import('../features/auth/ForgotPasswordPage.tsx')).ForgotPasswordPage }),
  'reset-password': async () => ({ Component: (await import('../features/auth/ResetPasswordPage.tsx')).ResetPasswordPage }),
};

// Each screen is its own chunk (notes §2: screens load lazily).
const SCREENS: Record<Screen, LazyComponent> = {
  dashboard: async () => ({ Component: (await import('../features/dashboard/DashboardPage.tsx')).DashboardPage }),
  profile: async () => ({ Component: (await import('../features/profile/ProfilePage.tsx')).ProfilePage }),
  support: async () => ({ Component: (await import('../features/support/SupportPage.tsx')).SupportPage }),
  import: async () => ({ Component: (await import('../features/import/ImportPage.tsx')).ImportPage }),
  'coming-soon': async () => ({ Component: (await import('./ComingSoon.tsx')).ComingSoonPage }),
  'dental-practices': async () => ({ Component: (await import('../features/dental-practices/DentalPracticeListPage.tsx')).DentalPracticeListPage }),
  users: async () => ({ Component: (await import('../features/users/UserListPage.tsx')).UserListPage }),
  'user-form': async () => ({ Component: (await import('../features/users/UserFormPage.tsx')).UserFormPage }),
  roles: async () => ({ Component: (await import('../features/roles/RoleListPage.tsx')).RoleListPage }),
  'api-tokens': async () => ({ Component: (await import('../features/api-tokens/ApiTokenListPage.tsx')).ApiTokenListPage }),
  'role-form': async () => ({ Component: (await import('../features/roles/RoleFormPage.tsx')).RoleFormPage }),
  permissions: async () => ({ Component: (await import('../features/roles/PermissionListPage.tsx')).PermissionListPage }),
  'permission-form': async () => ({ Component: (await import('../features/roles/PermissionFormPage.tsx')).PermissionFormPage }),
  'activity-logs': async () => ({ Component: (await import('../features/activity-logs/ActivityLogListPage.tsx')).ActivityLogListPage }),
  brands: async () => ({ Component: (await import('../features/brands/BrandListPage.tsx')).BrandListPage }),
  categories: async () => ({ Component: (await import('../features/categories/CategoryListPage.tsx')).CategoryListPage }),
  'category-form': async () => ({ Component: (await import('../features/categories/CategoryFormPage.tsx')).CategoryFormPage }),
  products: async () => ({ Component: (await import('../features/products/ProductListPage.tsx')).ProductListPage }),
  suppliers: async () => ({ Component: (await import('../features/suppliers/SupplierListPage.tsx')).SupplierListPage }),
  'supplier-detail': async () => ({ Component: (await import('../features/suppliers/SupplierDetailPage.tsx')).SupplierDetailPage }),
  'procedure-codes': async () => ({ Component: (await import('../features/procedure-codes/ProcedureCodeListPage.tsx')).ProcedureCodeListPage }),
  'procedure-templates': async () => ({ Component: (await import('../features/procedure-templates/ProcedureTemplateListPage.tsx')).ProcedureTemplateListPage }),
  'procedure-template-form': async () => ({ Component: (await import('../features/procedure-templates/ProcedureTemplateFormPage.tsx')).ProcedureTemplateFormPage }),
  inventories: async () => ({ Component: (await import('../features/inventory/InventoryListPage.tsx')).InventoryListPage }),
  'order-suggestions': async () => ({ Component: (await import('../features/replenishment/OrderSuggestionsPage.tsx')).OrderSuggestionsPage }),
  'inventory-detail': async () => ({ Component: (await import('../features/inventory/InventoryDetailPage.tsx')).InventoryDetailPage }),
  reports: async () => ({ Component: (await import('../features/reports/ReportsPage.tsx')).ReportsPage }),
  'report-generate': async () => ({ Component: (await import('../features/reports/GenerateReportPage.tsx')).GenerateReportPage }),
  setting: async () => ({ Component: (await import('../features/settings/SettingPage.tsx')).SettingPage }),
  scheduler: async () => ({ Component: (await import('../features/scheduler/SchedulerPage.tsx')).SchedulerPage }),
  'archive-logs': async () => ({ Component: (await import('../features/archive-logs/ArchiveLogListPage.tsx')).ArchiveLogListPage }),
  procedures: async () => ({ Component: (await import('../features/procedures/ProcedureListPage.tsx')).ProcedureListPage }),
  'procedure-form': async () => ({ Component: (await import('../features/procedures/ProcedureFormPage.tsx')).ProcedureFormPage }),
  'procedure-detail': async () => ({ Component: (await import('../features/procedures/ProcedureDetailPage.tsx')).ProcedureDetailPage }),
  'purchase-orders': async () => ({ Component: (await import('../features/purchase-orders/PurchaseOrderListPage.tsx')).PurchaseOrderListPage }),
  'purchase-order-new': async () => ({ Component: (await import('../features/purchase-orders/PurchaseOrderNewPage.tsx')).PurchaseOrderNewPage }),
  'purchase-order-detail': async () => ({ Component: (await import('../features/purchase-orders/PurchaseOrderDetailPage.tsx')).PurchaseOrderDetailPage }),
  'stock-takes': async () => ({ Component: (await import('../features/stock-takes/StockTakeListPage.tsx')).StockTakeListPage }),
  'stock-take-detail': async () => ({ Component: (await import('../features/stock-takes/StockTakeDetailPage.tsx')).StockTakeDetailPage }),
  'stock-take-count': async () => ({ Component: (await import('../features/stock-takes/StockTakeCountPage.tsx')).StockTakeCountPage }),
  'use-supplies': async () => ({ Component: (await import('../features/stock-use/UseSuppliesPage.tsx')).UseSuppliesPage }),
  locations: async () => ({ Component: (await import('../features/locations/LocationListPage.tsx')).LocationListPage }),
  restock: async () => ({ Component: (await import('../features/restock/RestockPage.tsx')).RestockPage }),
  'par-levels': async () => ({ Component: (await import('../features/restock/ParLevelsPage.tsx')).ParLevelsPage }),
  webhooks: async () => ({ Component: (await import('../features/webhooks/WebhookListPage.tsx')).WebhookListPage }),
  'webhook-detail': async () => ({ Component: (await import('../features/webhooks/WebhookDetailPage.tsx')).WebhookDetailPage }),
  integrations: async () => ({ Component: (await import('../features/integrations/IntegrationsPage.tsx')).IntegrationsPage }),
};

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
              lazy: SCREENS[route.screen],
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
