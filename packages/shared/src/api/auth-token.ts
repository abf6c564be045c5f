// The session token's shape, in a module without zod: the web reads the publisher id from the stored token
// as it starts (to ask for the configuration at once), and api/auth.ts would bring zod into that code.

/** The token's separator: the publisher id follows the last one. */
export const TOKEN_SEPARATOR = ':';
export const publisherIdOfToken = (token: string): number | null => {
  const i = token.lastIndexOf(TOKEN_SEPARATOR);
  const n = i >= 0 ? Number(token.slice(i + 1)) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};
