/**
 * Webhook signing secrets: the Standard Webhooks format and
 * signature, and their encryption at rest.
 *
 * Unlike API tokens (token.ts), a signing secret cannot be stored as a hash: the
 * gateway needs it in clear to sign every delivery. It is sealed with AES-256-GCM
 * under a key kept outside the database (WEBHOOK_SECRETS_KEY, or a key file in the
 * data directory), so a database dump or backup alone does not let anyone forge
 * webhooks. GCM authenticates as well as encrypts, so a wrong key or altered row
 * fails loudly instead of signing with garbage.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';

const SECRET_PREFIX = 'whsec_';
const SEALED_PREFIX = 'v1.';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Name of the generated key file in the data directory. */
export const SECRETS_KEY_FILE = 'webhook-secrets.key';
const DECRYPT_ERROR = 'cannot decrypt webhook secret: wrong WEBHOOK_SECRETS_KEY?';

/**
 * A new signing secret: `whsec_` + standard base64 (padded) of 32 random bytes,
 * the Standard Webhooks secret format, which `new Webhook(secret)` accepts as is.
 */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * Seals `secret` for storage with AES-256-GCM under the 32-byte `key` and a fresh
 * random 96-bit IV (the GCM standard size, NIST SP 800-38D): `v1.` +
 * base64url(iv (12 bytes) | tag (16 bytes) | ciphertext).
 * @throws RangeError when `key` is not 32 bytes.
 */
export function sealSecret(secret: string, key: Buffer): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/**
 * The secret sealed by `sealSecret` under `key`.
 * @throws Error('cannot decrypt webhook secret: wrong WEBHOOK_SECRETS_KEY?') on a
 * wrong key, tampered or malformed data; RangeError when `key` is not 32 bytes.
 */
export function openSecret(sealed: string, key: Buffer): string {
  checkKey(key);
  const data = sealed.startsWith(SEALED_PREFIX) ? Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url') : undefined;
  if (!data || data.length < IV_BYTES + TAG_BYTES) throw new Error(DECRYPT_ERROR);
  try {
    // authTagLength pins the tag to 16 bytes: a truncated tag would be easier to forge.
    const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch (cause) {
    throw new Error(DECRYPT_ERROR, { cause });
  }
}

/**
 * Parses the WEBHOOK_SECRETS_KEY setting: base64 or base64url, padded or not, of
 * exactly 32 bytes (surrounding whitespace ignored).
 * @throws Error naming WEBHOOK_SECRETS_KEY otherwise (without echoing the value).
 */
export function parseSecretsKey(raw: string): Buffer {
  return decodeKey(raw, 'WEBHOOK_SECRETS_KEY');
}

/**
 * The key that seals webhook secrets: `configured` (the WEBHOOK_SECRETS_KEY
 * setting, parsed) when given and not blank; otherwise the key file
 * `<dataDir>/webhook-secrets.key`, holding base64 of 32 random bytes, created
 * with mode 0600 if missing (and `dataDir` with it), read otherwise. Losing the
 * key makes every stored secret unreadable; instances sharing a database must
 * share the key.
 * @throws Error naming the setting or the file when the key is malformed;
 * filesystem errors as they come.
 */
export function loadSecretsKey(options: { configured?: string; dataDir: string }): Buffer {
  if (options.configured !== undefined && options.configured.trim() !== '') return parseSecretsKey(options.configured);
  const path = join(options.dataDir, SECRETS_KEY_FILE);
  try {
    return decodeKey(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(options.dataDir, { recursive: true });
  // Written whole to a private temporary file, then linked into place: link fails
  // if the key exists, so two processes starting together agree on one key, and
  // neither can read a half-written file.
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, `${randomBytes(KEY_BYTES).toString('base64')}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return decodeKey(readFileSync(path, 'utf8'), path);
}

/**
 * The `webhook-signature` header value for a delivery (Standard Webhooks):
 * space-separated `v1,<base64 HMAC-SHA256 of "<messageId>.<timestamp in whole
 * seconds>.<payload>">`, one per secret in `secrets` (the current one first and,
 * during a rotation, the previous one), computed by the `standardwebhooks`
 * package's `Webhook#sign`. The `webhook-timestamp` header sent with it must be
 * `Math.floor(timestamp.getTime() / 1000)`.
 * @throws Error when `secrets` is empty or a secret is not valid base64.
 */
export function signatureHeader(secrets: readonly string[], messageId: string, timestamp: Date, payload: string): string {
  if (secrets.length === 0) throw new Error('signatureHeader needs at least one secret');
  return secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, payload)).join(' ');
}

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new RangeError(`the webhook secrets key must be ${KEY_BYTES} bytes, got ${key.length}`);
}

/** Decodes a 32-byte key from base64 or base64url; `source` names the setting or file in errors. */
function decodeKey(raw: string, source: string): Buffer {
  const text = raw.trim();
  const unpadded = text.replace(/={1,2}$/, '');
  const url = /^[A-Za-z0-9_-]*$/.test(unpadded);
  const key = url || /^[A-Za-z0-9+/]*$/.test(unpadded) ? Buffer.from(unpadded, url ? 'base64url' : 'base64') : undefined;
  // Node's decoders skip what they do not understand and ignore stray trailing
  // bits; the round trip refuses anything but the canonical text of the bytes, so
  // a typo cannot silently become a different key.
  const canonical = key?.toString(url ? 'base64url' : 'base64').replace(/=+$/, '');
  if (!key || key.length !== KEY_BYTES || canonical !== unpadded) {
    throw new Error(
      `${source} must be the base64 of exactly ${KEY_BYTES} random bytes` +
        `${key ? ` (it decodes to ${key.length} bytes)` : ''}; generate one with: openssl rand -base64 32`,
    );
  }
  return key;
}
