import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import {
  loadSecretsKey,
  newSigningSecret,
  openSecret,
  parseSecretsKey,
  sealSecret,
  SECRETS_KEY_FILE,
  signatureHeader,
} from '../../../src/webhooks/secrets.ts';

const fsControl = vi.hoisted(() => ({ missNextRead: false }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readFileSync = ((...args: Parameters<typeof fs.readFileSync>) => {
    if (!fsControl.missNextRead) return fs.readFileSync(...args);
    fsControl.missNextRead = false;
    throw Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' });
  }) as typeof fs.readFileSync;
  return { ...fs, readFileSync, default: { ...fs, readFileSync } };
});

const tempDir = () => mkdtempSync(join(tmpdir(), 'passerelle-webhook-secrets-'));
const key = randomBytes(32);
const DECRYPT_ERROR = 'cannot decrypt webhook secret: wrong WEBHOOK_SECRETS_KEY?';

describe('signing secrets', () => {
  it('are whsec_ and the base64 of 32 random bytes, which standardwebhooks accepts', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(() => new Webhook(secret)).not.toThrow();
    expect(new Set(Array.from({ length: 50 }, newSigningSecret)).size).toBe(50);
  });
});

describe('sealing', () => {
  it.each(['whsec_' + 'A'.repeat(43) + '=', '', 'non-ASCII: é€😀'])('round-trips %j', (secret) => {
    const sealed = sealSecret(secret, key);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed.slice(3), 'base64url')).toHaveLength(12 + 16 + Buffer.byteLength(secret));
    expect(sealed).not.toContain(secret || '\0');
    expect(openSecret(sealed, key)).toBe(secret);
  });

  it('uses a fresh IV each time', () => {
    const secret = newSigningSecret();
    const a = sealSecret(secret, key);
    const b = sealSecret(secret, key);
    expect(a).not.toBe(b);
    expect(a.slice(3, 19)).not.toBe(b.slice(3, 19));
  });

  it('refuses the wrong key', () => {
    const sealed = sealSecret(newSigningSecret(), key);
    expect(() => openSecret(sealed, randomBytes(32))).toThrow(DECRYPT_ERROR);
  });

  it.each([
    ['the IV', 0],
    ['the tag', 12],
    ['the ciphertext', 28],
    ['the last byte', -1],
  ])('refuses a byte flipped in %s', (_part, index) => {
    const sealed = sealSecret(newSigningSecret(), key);
    const data = Buffer.from(sealed.slice(3), 'base64url');
    const at = index < 0 ? data.length + index : index;
    data[at] = data[at]! ^ 0x01;
    expect(() => openSecret('v1.' + data.toString('base64url'), key)).toThrow(DECRYPT_ERROR);
  });

  it.each([
    ['no version', (sealed: string) => sealed.slice(3)],
    ['another version', (sealed: string) => 'v2.' + sealed.slice(3)],
    ['a truncated tag', (sealed: string) => 'v1.' + Buffer.from(sealed.slice(3), 'base64url').subarray(0, 20).toString('base64url')],
    ['the ciphertext cut short', (sealed: string) => sealed.slice(0, -4)],
    ['nothing', () => ''],
  ])('refuses %s', (_case, mangle) => {
    expect(() => openSecret(mangle(sealSecret(newSigningSecret(), key)), key)).toThrow(DECRYPT_ERROR);
  });

  it.each([16, 31, 33])('refuses a %i-byte key', (length) => {
    expect(() => sealSecret('x', randomBytes(length))).toThrow(/must be 32 bytes, got/);
    expect(() => openSecret(sealSecret('x', key), randomBytes(length))).toThrow(/must be 32 bytes, got/);
  });
});

describe('WEBHOOK_SECRETS_KEY', () => {
  const bytes = randomBytes(32);
  bytes[0] = 0xfb; // base64 "+" or "/", base64url "-" or "_": the two alphabets differ
  bytes[1] = 0xff;

  it.each([
    ['base64', bytes.toString('base64')],
    ['base64 unpadded', bytes.toString('base64').replace(/=+$/, '')],
    ['base64url', bytes.toString('base64url')],
    ['base64url padded', bytes.toString('base64url') + '='],
    ['base64 with a trailing newline', bytes.toString('base64') + '\n'],
  ])('accepts %s of 32 bytes', (_format, raw) => {
    expect(parseSecretsKey(raw).equals(bytes)).toBe(true);
  });

  it.each([
    ['31 bytes', randomBytes(31).toString('base64')],
    ['33 bytes', randomBytes(33).toString('base64')],
    ['64 hex digits', randomBytes(32).toString('hex')],
    ['mixed alphabets', '+_' + bytes.toString('base64').slice(2)],
    ['non-base64 characters', bytes.toString('base64').slice(0, 40) + '!!!='],
    ['non-zero trailing bits', bytes.toString('base64url').slice(0, 42) + 'B'],
    ['empty', ''],
  ])('refuses %s, naming the setting but not echoing its value', (_case, raw) => {
    expect(() => parseSecretsKey(raw)).toThrow(/^WEBHOOK_SECRETS_KEY must be the base64 of exactly 32 random bytes/);
    try {
      parseSecretsKey(raw);
    } catch (error) {
      if (raw.length > 4) expect((error as Error).message).not.toContain(raw.trim());
    }
  });
});

describe('loading the secrets key', () => {
  it('prefers the configured key, without touching the data directory', () => {
    const dir = tempDir();
    const configured = randomBytes(32);
    expect(loadSecretsKey({ configured: configured.toString('base64'), dataDir: dir }).equals(configured)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
    expect(() => loadSecretsKey({ configured: 'too short', dataDir: dir })).toThrow(/WEBHOOK_SECRETS_KEY/);
  });

  it('creates a private key file once, then reads the same key back', () => {
    const dir = join(tempDir(), 'not-yet-created');
    const first = loadSecretsKey({ dataDir: dir });
    const path = join(dir, SECRETS_KEY_FILE);
    expect(first).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe(first.toString('base64') + '\n');
    expect(readdirSync(dir)).toEqual([SECRETS_KEY_FILE]);
    expect(loadSecretsKey({ dataDir: dir }).equals(first)).toBe(true);
    expect(loadSecretsKey({ configured: '  ', dataDir: dir }).equals(first)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(first.toString('base64') + '\n');
  });

  it('uses the key of a process that created the file first', () => {
    const dir = tempDir();
    const theirs = randomBytes(32);
    writeFileSync(join(dir, SECRETS_KEY_FILE), theirs.toString('base64') + '\n');
    // As if the file appeared between our failed read and our link.
    fsControl.missNextRead = true;
    expect(loadSecretsKey({ dataDir: dir }).equals(theirs)).toBe(true);
    expect(fsControl.missNextRead).toBe(false);
    expect(readdirSync(dir)).toEqual([SECRETS_KEY_FILE]);
  });

  it('refuses a damaged key file, naming it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, SECRETS_KEY_FILE), 'not a key\n');
    expect(() => loadSecretsKey({ dataDir: dir })).toThrow(join(dir, SECRETS_KEY_FILE));
  });
});

describe('signatures', () => {
  const current = newSigningSecret();
  const previous = newSigningSecret();
  const payload = JSON.stringify({ type: 'submission.received', timestamp: '2026-03-01T08:00:00Z', data: { id: 'x' } });
  const id = 'msg_2Lk3d0xkqbW2WmUUZTlYmKRDZSd';

  function headers(signature: string, timestamp: Date) {
    return {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signature,
    };
  }

  it('signs with every secret, current first, so a receiver holding either verifies', () => {
    const now = new Date();
    const header = signatureHeader([current, previous], id, now, payload);
    expect(header).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(header.split(' ')[0]).toBe(new Webhook(current).sign(id, now, payload));
    expect(new Webhook(current).verify(payload, headers(header, now))).toEqual(JSON.parse(payload));
    expect(new Webhook(previous).verify(payload, headers(header, now))).toEqual(JSON.parse(payload));
    expect(() => new Webhook(newSigningSecret()).verify(payload, headers(header, now))).toThrow('No matching signature');
  });

  it.each([
    ['the payload', (p: string, h: Record<string, string>) => [p.replace('received', 'receiveD'), h] as const],
    ['the id', (p: string, h: Record<string, string>) => [p, { ...h, 'webhook-id': id + 'x' }] as const],
    [
      'the timestamp',
      (p: string, h: Record<string, string>) => [p, { ...h, 'webhook-timestamp': String(Number(h['webhook-timestamp']) - 1) }] as const,
    ],
  ])('fails verification when %s changes', (_part, change) => {
    const now = new Date();
    const [changedPayload, changedHeaders] = change(payload, headers(signatureHeader([current], id, now, payload), now));
    expect(() => new Webhook(current).verify(changedPayload, changedHeaders)).toThrow('No matching signature');
  });

  it('needs a secret', () => {
    expect(() => signatureHeader([], id, new Date(), payload)).toThrow();
  });
});
