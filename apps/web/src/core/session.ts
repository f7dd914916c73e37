/**
 * The session's hooks, with no dependencies, so that the first screen (login) does not load the HTTP client, the
 * data cache or the permission rules before it can show:
 * - what a 401 or a 419 from the api client does (the auth store sets both; read by the api client);
 * - what else a sign-out clears: modules holding a user's data (the data cache, the permission rules) register
 *   their reset when they load; one that never loaded holds nothing to clear.
 */
let onUnauthenticated: () => void = () => undefined;
let onPageExpired: () => void = () => undefined;
const resets: (() => void)[] = [];

/** The auth store registers how a 401 logs the user out (avoids an import cycle). */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

/**
 * A 419 means the page's token no longer fits a live session; the auth store re-checks the
 * session so that an ended one signs the user out (a 401) instead of bouncing off /login.
 */
export function setPageExpiredHandler(handler: () => void): void {
  onPageExpired = handler;
}

export function unauthenticated(): void {
  onUnauthenticated();
}

export function pageExpired(): void {
  onPageExpired();
}

/** Registers what a sign-out clears besides the stored user (called once, when a module loads). */
export function onSessionCleared(reset: () => void): void {
  resets.push(reset);
}

export function runSessionResets(): void {
  for (const reset of resets) reset();
}
