// The two auth headers every call carries (lower-cased as Node sees them). Kept free of zod so the
// browser's HTTP client stays small.
export const AUTH_HEADERS = { email: 'x-user-email', token: 'x-user-token' } as const;
