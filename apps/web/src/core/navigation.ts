/**
 * One way for non-React code (the api client, the auth store) to move the user.
 * The router installs its own navigate at start; before that (and in tests) it falls back
 * to a full browser navigation.
 */
type Navigate = (path: string) => void;

const browserNavigate: Navigate = (path) => {
  window.location.assign(path);
};

let current: Navigate = browserNavigate;

export function setNavigator(navigate: Navigate | null): void {
  current = navigate ?? browserNavigate;
}

export function navigateTo(path: string): void {
  current(path);
}
