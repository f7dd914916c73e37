import { useMatches } from 'react-router';
import type { RouteHandle } from './routes.ts';

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as { crumb?: unknown }).crumb === 'string';
}

/** The handle of the deepest matched route that carries a breadcrumb label. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
