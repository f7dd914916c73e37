import { useMatches } from 'react-router';

/** What a route of the route table carries for the shell: its breadcrumb label key and, for a child screen, its parent's. */
export interface RouteHandle {
  crumb: string;
  parent?: string;
}

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
