/**
 * Where webhooks may be sent: the SSRF guard for tenant-supplied URLs (docs/webhooks.md,
 * "URL rules"). A tenant must not be able to make the gateway call its own
 * network (databases, admin ports, the cloud metadata service at 169.254.169.254).
 *
 * Two independent checks: `checkUrlSyntax` at registration (no DNS), and
 * `resolvePublicAddresses`, run at registration and again before every delivery,
 * whose result the delivery connects to. Re-resolving and pinning the address
 * defeats DNS rebinding (a name that resolves publicly when registered and to
 * 127.0.0.1 a minute later). "Public" is ipaddr.js's `unicast` range, i.e. none of
 * the IANA special-purpose registries (RFC 6890 and successors).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** `allowPrivate`: the development setting WEBHOOK_ALLOW_PRIVATE_URLS=true, which allows http:// and private or loopback addresses. */
export interface UrlPolicy {
  allowPrivate: boolean;
}

/** The outcome of a URL check; `reason` is a short English sentence for a 422 message. Store `url.href` (normalised), not the raw input. */
export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** A resolved address of a webhook host; the delivery connects to `address` rather than resolving again. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** The outcome of `resolvePublicAddresses`. */
export type AddressCheck = { ok: true; addresses: ResolvedAddress[] } | { ok: false; reason: string };

/** Resolves a host name to all its addresses; injectable for tests. Default: node:dns/promises `lookup(hostname, { all: true, order: 'verbatim' })` (the resolver's order; `order` replaces the `verbatim` flag). */
export type LookupFn = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** Longest URL accepted (characters, before and after normalisation), the de facto limit of browsers and CDNs. */
export const MAX_URL_LENGTH = 2048;

// Names that by convention (RFC 6761 for localhost, RFC 6762 for .local) or by
// cloud usage (.internal on GCP and others) designate the local machine or network.
const LOCAL_NAME = /(^|\.)(localhost|local|internal)$/;

const defaultLookup: LookupFn = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' });

// ipaddr.js calls any IPv6 address outside its special ranges "unicast", including
// unallocated space such as IPv4-compatible ::a00:1 (= 10.0.0.1); only 2000::/3 is
// allocated as global unicast (RFC 4291 section 2.4, IANA IPv6 address space registry).
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * True when `address` (IPv4 dotted-quad or IPv6 text) is a public unicast address:
 * ipaddr.js `range()` is 'unicast' (and, for IPv6, inside 2000::/3). An IPv4-mapped
 * IPv6 address (::ffff:a.b.c.d) is judged as its IPv4 address. Anything unparsable,
 * including shorthand IPv4 such as "127.1", is not public.
 */
export function isPublicAddress(address: string): boolean {
  // node:net is strict where ipaddr.js is lenient ("8.8.8" would parse as 8.8.0.8).
  if (isIP(address) === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6);
}

const refuse = (reason: string) => ({ ok: false as const, reason });

/**
 * Static check at registration, without DNS: an absolute URL of at most
 * MAX_URL_LENGTH characters, https (http only with `allowPrivate`), a host, no
 * credentials (user:pass@), no fragment. An IP-literal host must be public
 * (`isPublicAddress`), and "localhost" or names ending in .localhost, .local or
 * .internal are refused, unless `allowPrivate`. Rules: docs/webhooks.md.
 */
export function checkUrlSyntax(raw: string, policy: UrlPolicy): UrlCheck {
  if (raw.length > MAX_URL_LENGTH) return refuse(`The webhook URL is longer than ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('The webhook URL is not an absolute URL.');
  }
  if (url.href.length > MAX_URL_LENGTH) return refuse(`The webhook URL is longer than ${MAX_URL_LENGTH} characters.`);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowPrivate)) {
    return refuse('The webhook URL must use https.');
  }
  if (url.hostname === '') return refuse('The webhook URL has no host.');
  if (url.username !== '' || url.password !== '') {
    return refuse('The webhook URL must not contain a user name or password.');
  }
  // `hash` is empty for a bare trailing "#", which href keeps.
  if (url.href.includes('#')) return refuse('The webhook URL must not contain a fragment (#).');
  if (policy.allowPrivate) return { ok: true, url };

  const host = unbracket(url.hostname);
  if (isIP(host) !== 0) {
    return isPublicAddress(host) ? { ok: true, url } : refuse(`The webhook URL's address ${host} is not a public address.`);
  }
  // A trailing dot names the same host ("localhost." is localhost).
  if (LOCAL_NAME.test(host.replace(/\.$/, ''))) {
    return refuse(`The webhook URL's host ${host} designates a local or internal network.`);
  }
  return { ok: true, url };
}

/**
 * All the addresses of `hostname` (a name, or an IP literal, bracketed or not,
 * taken as is), refused if ANY of them is not public (`isPublicAddress`) unless
 * `allowPrivate`; a name that does not resolve is refused. Never throws: lookup
 * errors become refusals. The reason never reveals what a name resolved to, so the
 * check cannot serve as an oracle on internal DNS. Rules: docs/webhooks.md.
 */
export async function resolvePublicAddresses(hostname: string, policy: UrlPolicy, lookup: LookupFn = defaultLookup): Promise<AddressCheck> {
  const host = unbracket(hostname);
  const literal = isIP(host) !== 0;
  let found: Array<{ address: string; family: number }>;
  try {
    found = literal ? [{ address: host, family: isIP(host) }] : await lookup(host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTFOUND' && code !== 'ENODATA') {
      return refuse(`The webhook host ${host} could not be resolved${code ? ` (${code})` : ''}.`);
    }
    found = [];
  }
  if (found.length === 0) return refuse(`The webhook host ${host} does not resolve to any address.`);

  const addresses: ResolvedAddress[] = [];
  for (const { address } of found) {
    // The family reported by the resolver is not trusted: the text decides how we connect.
    const family = isIP(address);
    if (family === 0) return refuse(`The webhook host ${host} resolves to an invalid address.`);
    if (!policy.allowPrivate && !isPublicAddress(address)) {
      return refuse(
        literal
          ? `The webhook address ${host} is not a public address.`
          : `The webhook host ${host} resolves to an address that is not public.`,
      );
    }
    addresses.push({ address, family: family === 4 ? 4 : 6 });
  }
  return { ok: true, addresses };
}

/**
 * The full check at registration: `checkUrlSyntax`, then `resolvePublicAddresses`
 * on its host. Resolves to the parsed URL or a refusal; never rejects.
 */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy, lookup?: LookupFn): Promise<UrlCheck> {
  const syntax = checkUrlSyntax(raw, policy);
  if (!syntax.ok) return syntax;
  const resolved = await resolvePublicAddresses(syntax.url.hostname, policy, lookup);
  return resolved.ok ? syntax : resolved;
}

/** WHATWG URL keeps the brackets of an IPv6 host in `hostname`. */
function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
