// Small navigation helpers shared by the guard, the login page and the shell.

export const PRODUCT_NAME = 'Highlights Console';
export const LOGIN_PATH = '/login';

/** A same-origin path worth returning to after login: starts with one '/', and is not /login itself. */
export function isSafeReturnPath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    path !== LOGIN_PATH &&
    !path.startsWith(`${LOGIN_PATH}?`)
  );
}

/** Where login sends the user: the guard's location state, else the ?from= parameter, else '/'. */
export function returnPathFrom(state: unknown, fromParam: string | null): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (isSafeReturnPath(from)) return from;
  if (isSafeReturnPath(fromParam)) return fromParam;
  return '/';
}

/** The login URL remembering the current path (query included) in ?from=. */
export function loginPathFor(pathWithSearch: string): string {
  return isSafeReturnPath(pathWithSearch) && pathWithSearch !== '/'
    ? `${LOGIN_PATH}?from=${encodeURIComponent(pathWithSearch)}`
    : LOGIN_PATH;
}
