/**
 * Bearer token format: `<kind>_<12 hex public id>_<43 base64url secret>`,
 * kind `pas` for a tenant (a SaaS client), `plt` for the accredited platform.
 * The secret carries 256 random bits. `pas_<public id>` is the token's prefix:
 * safe to show in lists and logs, and the handle used to revoke it. Only
 * SHA-256 of the whole token is stored; a high-entropy secret needs no slow
 * hash, and the lookup goes by prefix so the hash comparison can be constant-time.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_PATTERN = /^((pas|plt)_[0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;

/** Who a token belongs to: a tenant or the platform. */
export type TokenKind = 'tenant' | 'platform';
const KIND_PREFIX: Record<TokenKind, string> = { tenant: 'pas', platform: 'plt' };

/** A freshly minted token: `token` is shown once, `prefix` and `hash` are stored. */
export interface MintedToken {
  token: string;
  prefix: string;
  hash: string;
}

/** Mints a new random token of `kind`. */
export function mintToken(kind: TokenKind = 'tenant'): MintedToken {
  const prefix = `${KIND_PREFIX[kind]}_${randomBytes(6).toString('hex')}`;
  const token = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { token, prefix, hash: hashToken(token) };
}

/** The prefix of a well-formed token, or undefined when `token` is malformed. */
export function tokenPrefix(token: string): string | undefined {
  return TOKEN_PATTERN.exec(token)?.[1];
}

/** The kind of a well-formed token (from its prefix), or undefined when malformed. */
export function tokenKind(token: string): TokenKind | undefined {
  const kind = TOKEN_PATTERN.exec(token)?.[2];
  return kind === 'pas' ? 'tenant' : kind === 'plt' ? 'platform' : undefined;
}

/** SHA-256 of the token, hex. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Constant-time comparison of two hex SHA-256 digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
