// The one HTTP client of the console: adds the auth headers, unwraps the { success, data } envelope,
// words failures as the spec's helpers do, and reports a 401 once so the shell can open its dialog.
import { messages, httpFailure } from '@hc/shared/messages';
import { AUTH_HEADERS } from '@hc/shared/api/auth-headers';
import { readSession } from './session.ts';

export const API = {
  editor: '/api/v1/editor/',
  auth: '/api/v1/auth/editor/',
  dashboard: '/api/v2/dashboard/',
} as const;

/** A failed call: status 0 when there was no HTTP response; errors are the server's catalogue strings. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors[0] ?? messages.somethingWentWrong);
  }
}

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. a task lock's x-lock-fence); the auth headers are always added. */
  headers?: Record<string, string>;
}

const unauthorizedListeners = new Set<() => void>();
// The configuration and first page are asked for as the app starts, before React mounts the dialog's
// listener: a 401 answered then is kept for the first listener instead of being lost.
let unheardUnauthorized = false;

/** The shell subscribes to open the session-expired dialog. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  if (unheardUnauthorized) {
    unheardUnauthorized = false;
    listener();
  }
  return () => unauthorizedListeners.delete(listener);
}

/** A 401 learnt elsewhere than from a call (the live channel refused or ended the session). */
export function reportUnauthorized(): void {
  if (unauthorizedListeners.size === 0) unheardUnauthorized = true;
  unauthorizedListeners.forEach((l) => l());
}

export function buildUrl(base: string, path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(`${key}[]`, String(v)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

export function authHeaders(): Record<string, string> {
  const session = readSession();
  return session ? { [AUTH_HEADERS.email]: session.email, [AUTH_HEADERS.token]: session.token } : {};
}

/** Sends a call; resolves with the HTTP response, or throws ApiError(0) when there was none. */
async function send(base: string, path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, accept, ...authHeaders() };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(base, path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, [messages.somethingWentWrong]);
  }
  if (response.status === 401) reportUnauthorized();
  return response;
}

/** The failure of a non-2xx response: the server's catalogue strings, else '{status} - {statusText}'. */
async function failureOf(response: Response): Promise<ApiError> {
  const payload = (await response.json().catch(() => null)) as { errors?: unknown } | null;
  const errors =
    Array.isArray(payload?.errors) && payload.errors.length > 0
      ? payload.errors.map(String)
      : [httpFailure(response.status, response.statusText)];
  return new ApiError(response.status, errors);
}

/** Sends a call and returns its data; throws ApiError. */
export async function request<T>(base: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(base, path, options, 'application/json');
  if (!response.ok) throw await failureOf(response);
  const payload = (await response.json().catch(() => null)) as { success?: boolean; data?: T } | null;
  if (!payload || payload.success !== true) {
    throw new ApiError(response.status, [httpFailure(response.status, response.statusText)]);
  }
  return payload.data as T;
}

/** Fetches a file (a download) with the auth headers; a token never goes into a URL. */
export async function requestBlob(
  base: string,
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send(base, path, options, '*/*');
  if (!response.ok) throw await failureOf(response);
  return { blob: await response.blob(), headers: response.headers };
}

export const editorApi = <T>(path: string, options?: RequestOptions) => request<T>(API.editor, path, options);
export const authApi = <T>(path: string, options?: RequestOptions) => request<T>(API.auth, path, options);
export const dashboardApi = <T>(path: string, options?: RequestOptions) =>
  request<T>(API.dashboard, path, options);
