// Session tokens: 256 random bits, then ':' and the publisher id (the spec's format). Only a SHA-256
// hash of the whole token is stored, so a leaked sessions table cannot be replayed.
import { hash, randomBytes } from 'node:crypto';
import { TOKEN_SEPARATOR } from '@hc/shared/api/auth';

export function newToken(publisherId: number): string {
  return `${randomBytes(32).toString('base64url')}${TOKEN_SEPARATOR}${publisherId}`;
}

export function hashToken(token: string): string {
  // The one-shot hash: every authenticated call hashes its token, and it makes no Hash object.
  return hash('sha256', token, 'hex');
}
