import { describe, expect, it, vi } from 'vitest';
import {
  checkUrlSyntax,
  checkWebhookUrl,
  isPublicAddress,
  type LookupFn,
  resolvePublicAddresses,
} from '../../../src/webhooks/url-policy.ts';
import { itMaps } from '../../support/unit-tables.ts';

const strict = { allowPrivate: false };
const dev = { allowPrivate: true };

/** A resolver answering from a table; a name not in it fails like getaddrinfo does. */
function fakeLookup(table: Record<string, string[]>): LookupFn {
  return vi.fn(async (hostname: string) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });
}

describe('checkUrlSyntax', () => {
  it.each([
    // [url, accepted without allowPrivate, accepted with allowPrivate, refusal mentions]
    ['https://hooks.example.com/passerelle?tenant=1', true, true, ''],
    ['https://8.8.8.8/hook', true, true, ''],
    ['https://[2606:4700:4700::1111]/hook', true, true, ''],
    ['https://[::ffff:8.8.8.8]/hook', true, true, ''],
    ['https://example.com:8443/hook', true, true, ''],
    ['http://hooks.example.com/', false, true, 'https'],
    ['http://127.0.0.1:3000/hook', false, true, 'https'],
    ['https://127.0.0.1/', false, true, '127.0.0.1'],
    ['https://127.1/', false, true, '127.0.0.1'],
    ['https://0x7f000001/', false, true, '127.0.0.1'],
    ['https://2130706433/', false, true, '127.0.0.1'],
    ['https://[::1]/', false, true, '::1'],
    ['https://10.0.0.1/', false, true, '10.0.0.1'],
    ['https://172.16.5.4/', false, true, '172.16.5.4'],
    ['https://192.168.1.1/', false, true, '192.168.1.1'],
    ['https://169.254.169.254/latest/meta-data/', false, true, '169.254.169.254'],
    ['https://[fe80::1]/', false, true, 'fe80::1'],
    ['https://[fd00::1]/', false, true, 'fd00::1'],
    ['https://[::ffff:10.0.0.1]/', false, true, 'not a public address'],
    ['https://[::a00:1]/', false, true, 'not a public address'],
    ['https://[64:ff9b::a00:1]/', false, true, 'not a public address'],
    ['https://[2002:a00:1::]/', false, true, 'not a public address'],
    ['https://100.64.0.1/', false, true, '100.64.0.1'],
    ['https://0.0.0.0/', false, true, '0.0.0.0'],
    ['https://255.255.255.255/', false, true, '255.255.255.255'],
    ['https://224.0.0.1/', false, true, '224.0.0.1'],
    ['https://192.0.2.1/', false, true, '192.0.2.1'],
    ['https://localhost/', false, true, 'localhost'],
    ['https://LOCALHOST./', false, true, 'localhost'],
    ['https://api.localhost/', false, true, 'api.localhost'],
    ['https://printer.local/', false, true, 'printer.local'],
    ['https://metadata.google.internal/', false, true, 'metadata.google.internal'],
    ['https://user:pw@example.com/', false, false, 'user name or password'],
    ['https://user@example.com/', false, false, 'user name or password'],
    ['https://example.com/hook#frag', false, false, 'fragment'],
    ['https://example.com/hook#', false, false, 'fragment'],
    ['/hooks/passerelle', false, false, 'absolute'],
    ['example.com/hook', false, false, 'absolute'],
    ['https://', false, false, 'absolute'],
    ['', false, false, 'absolute'],
    ['ftp://example.com/hook', false, false, 'https'],
    ['javascript:alert(1)', false, false, 'https'],
    ['file:///etc/passwd', false, false, 'https'],
    [`https://example.com/${'a'.repeat(2048 - 20)}`, true, true, ''],
    [`https://example.com/${'a'.repeat(2048 - 19)}`, false, false, '2048'],
    // 2049 characters as written, 2045 once the default port is dropped
    [`https://example.com:443/${'a'.repeat(2048 - 23)}`, false, false, '2048'],
    // 2048 characters as written, 2052 once the spaces are percent-encoded
    [`https://example.com/a b c${'a'.repeat(2048 - 25)}`, false, false, '2048'],
    ['https://:pw@example.com/', false, false, 'user name or password'],
  ])('%s: %s, with allowPrivate %s', (raw, strictOk, devOk, mention) => {
    const strictCheck = checkUrlSyntax(raw, strict);
    const devCheck = checkUrlSyntax(raw, dev);
    expect(strictCheck.ok).toBe(strictOk);
    expect(devCheck.ok).toBe(devOk);
    if (!strictCheck.ok) {
      expect(strictCheck.reason).toContain(mention);
      expect(strictCheck.reason).toMatch(/^The webhook .*\.$/);
    }
    if (strictCheck.ok) expect(strictCheck.url.href.length).toBeLessThanOrEqual(2048);
  });

  it('returns the normalised URL to store', () => {
    const check = checkUrlSyntax('  HTTPS://Hooks.Example.COM/a b', strict);
    expect(check.ok && check.url.href).toBe('https://hooks.example.com/a%20b');
  });
});

describe('isPublicAddress', () => {
  itMaps('%s → %s', isPublicAddress, [
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['169.254.169.254', false],
    ['100.127.255.255', false],
    ['::', false],
    ['::1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['2001:db8::1', false],
    ['2001::1', false],
    ['4000::1', false],
    ['8.8.8', false],
    ['127.1', false],
    ['example.com', false],
    ['', false],
  ]);
});

describe('resolvePublicAddresses', () => {
  const lookup = fakeLookup({
    'public.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'mixed.example': ['93.184.215.14', '10.0.0.7'],
    'rebind.example': ['127.0.0.1'],
    'empty.example': [],
    'garbage.example': ['not-an-address'],
  });

  it('returns every address of a name that resolves only to public addresses, with its family', async () => {
    expect(await resolvePublicAddresses('public.example', strict, lookup)).toEqual({
      ok: true,
      addresses: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
    });
  });

  it.each([
    ['mixed.example', 'resolves to an address that is not public'],
    ['rebind.example', 'resolves to an address that is not public'],
    ['unknown.example', 'does not resolve'],
    ['empty.example', 'does not resolve'],
    ['garbage.example', 'invalid address'],
  ])('refuses %s: %s', async (hostname, reason) => {
    const check = await resolvePublicAddresses(hostname, strict, lookup);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toContain(reason);
    expect(!check.ok && check.reason).toContain(hostname);
    // The reason must not tell a tenant what an internal name points at.
    expect(!check.ok && check.reason).not.toMatch(/10\.0\.0\.7|127\.0\.0\.1/);
  });

  it('allows private addresses with allowPrivate, but still refuses what does not resolve', async () => {
    expect(await resolvePublicAddresses('mixed.example', dev, lookup)).toMatchObject({ ok: true });
    expect(await resolvePublicAddresses('unknown.example', dev, lookup)).toMatchObject({ ok: false });
  });

  it('names a resolver failure other than "not found"', async () => {
    const failing: LookupFn = async () => {
      throw Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
    };
    expect(await resolvePublicAddresses('public.example', strict, failing)).toEqual({
      ok: false,
      reason: 'The webhook host public.example could not be resolved (EAI_AGAIN).',
    });
  });

  it.each([
    ['8.8.8.8', true, 4],
    ['[2606:4700::1111]', true, 6],
    ['127.0.0.1', false, 4],
    ['[::1]', false, 6],
  ])('takes the IP literal %s as is, without DNS', async (hostname, ok, family) => {
    const spy = fakeLookup({});
    const check = await resolvePublicAddresses(hostname, strict, spy);
    expect(check.ok).toBe(ok);
    if (check.ok) expect(check.addresses).toEqual([{ address: hostname.replace(/[[\]]/g, ''), family }]);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('checkWebhookUrl', () => {
  const lookup = fakeLookup({ 'public.example': ['93.184.215.14'], 'mixed.example': ['93.184.215.14', '192.168.0.2'] });

  it.each([
    ['https://public.example/hook', strict, true],
    ['https://mixed.example/hook', strict, false],
    ['https://mixed.example/hook', dev, true],
    ['https://nowhere.example/hook', strict, false],
    ['http://public.example/hook', strict, false],
  ])('%s (%o) → %s', async (raw, policy, ok) => {
    expect((await checkWebhookUrl(raw, policy, lookup)).ok).toBe(ok);
  });

  it('does not resolve a URL the syntax check refuses', async () => {
    const spy = fakeLookup({ localhost: ['8.8.8.8'] });
    expect(await checkWebhookUrl('https://localhost/', strict, spy)).toMatchObject({ ok: false });
    expect(spy).not.toHaveBeenCalled();
  });
});
