/**
 * API key tokens: `kioku_<12 hex>_<43 base64url>`. The 12 hex characters are the key id (public: it
 * names the caller in logs and `keys list` as `key_<hex>`); the rest is 32 random bytes. Only the
 * SHA-256 digest of the whole token is stored: with 256 random bits a fast hash is enough (nothing to
 * brute-force), and digests have equal length, so they are compared with `timingSafeEqual`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_PATTERN = /^kioku_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface IssuedToken {
  keyId: string;
  token: string;
  digest: string;
}

export function issueToken(): IssuedToken {
  const hex = randomBytes(6).toString('hex');
  const token = `kioku_${hex}_${randomBytes(32).toString('base64url')}`;
  return { keyId: `key_${hex}`, token, digest: tokenDigest(token) };
}

/** The key id a well-formed token claims, or null for anything else. */
export function keyIdOf(token: string): string | null {
  const match = TOKEN_PATTERN.exec(token);
  return match ? `key_${match[1]}` : null;
}

/** Hex SHA-256 of the token. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex SHA-256 digests (false when either is malformed). */
export function digestsEqual(expectedHex: string, actualHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const actual = Buffer.from(actualHex, 'hex');
  if (expected.length !== 32 || actual.length !== 32) return false;
  return timingSafeEqual(expected, actual);
}
