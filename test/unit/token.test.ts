import { describe, expect, it } from 'vitest';
import { bearerToken } from '../../src/app/context.ts';
import { hashToken, mintToken, sameHash, tokenPrefix } from '../../src/domain/tenancy/token.ts';
import { itMaps } from '../support/unit-tables.ts';

describe('tokens', () => {
  it('mints 256-bit tokens with a recognisable prefix, stored only as a hash', () => {
    const minted = mintToken();
    expect(minted.token).toMatch(/^pas_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(minted.token.startsWith(minted.prefix + '_')).toBe(true);
    expect(minted.hash).toBe(hashToken(minted.token));
    expect(minted.hash).not.toContain(minted.token.slice(17));
    expect(mintToken().token).not.toBe(minted.token);
  });

  itMaps('prefix of %s is %s', tokenPrefix, [
    ['pas_0123456789ab_' + 'A'.repeat(43), 'pas_0123456789ab'],
    ['pas_0123456789ab_' + 'A'.repeat(42), undefined],
    ['pas_0123456789AB_' + 'A'.repeat(43), undefined],
    ['plt_0123456789ab_' + 'A'.repeat(43), 'plt_0123456789ab'],
    ['xyz_0123456789ab_' + 'A'.repeat(43), undefined],
    ['', undefined],
  ]);

  it('compares hashes of equal and different tokens', () => {
    expect(sameHash(hashToken('a'), hashToken('a'))).toBe(true);
    expect(sameHash(hashToken('a'), hashToken('b'))).toBe(false);
    expect(sameHash(hashToken('a'), 'abcd')).toBe(false);
  });

  itMaps('reads the bearer token of %j', bearerToken, [
    [undefined, undefined],
    ['Bearer abc', 'abc'],
    ['bearer   abc ', 'abc'],
    ['Basic abc', '\0malformed'],
    ['Bearer', '\0malformed'],
  ]);
});
