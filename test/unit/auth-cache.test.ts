import { describe, expect, it } from 'vitest';
import { cachedAuthenticator } from '../../src/domain/tenancy/auth-cache.ts';
import { createToken, revokeToken } from '../../src/domain/tenancy/tenancy-service.ts';
import { openTestDatabase } from '../support/gateway.ts';

describe('cached token lookups', () => {
  it('reuses a success for the TTL only, and never caches a failure', async () => {
    const database = await openTestDatabase('pglite');
    try {
      let now = 1_000_000;
      const authenticate = cachedAuthenticator(database.db, 5000, () => now);
      const created = await createToken(database.db, 'cache-test');
      expect((await authenticate(created.token)).ok).toBe(true);
      await revokeToken(database.db, created.token);
      now += 4999;
      expect((await authenticate(created.token)).ok).toBe(true); // within the TTL: the revocation is not seen yet
      now += 2;
      expect(await authenticate(created.token)).toEqual({ ok: false, code: 'revoked' });
      const other = await createToken(database.db, 'cache-test-2');
      const forged = other.token.slice(0, -1) + (other.token.endsWith('A') ? 'B' : 'A');
      expect((await authenticate(forged)).ok).toBe(false);
      expect((await authenticate(other.token)).ok).toBe(true);
    } finally {
      await database.close();
    }
  });
});
