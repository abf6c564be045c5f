// Login, session and user-info calls.
import { z } from 'zod';
import { ROLES } from '../constants.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './auth-limits.ts';

export { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH };

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  email: z.string(),
  /** Opaque random part, then ':' and the publisher id. */
  token: z.string(),
  publisher_id: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export { TOKEN_SEPARATOR, publisherIdOfToken } from './auth-token.ts';

export const publisherRefSchema = z.object({ id: z.number(), publisher_id: z.number(), name: z.string() });
export type PublisherRef = z.infer<typeof publisherRefSchema>;

export const roleSchema = z.enum(ROLES);

export const userInfoSchema = z.object({
  email: z.string(),
  user_identifier: z.string().nullable(),
  /** The publisher this session acts for. */
  publisher: publisherRefSchema,
  /** Roles for that publisher; always holds isLoggedIn, and admin for internal admins. */
  roles: z.array(roleSchema),
  /** Publishers this user may switch to. */
  publishers: z.array(publisherRefSchema),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const setPublisherQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const setPublisherResponseSchema = z.object({ token: z.string(), publisher_id: z.number() });
