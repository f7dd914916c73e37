import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../env.ts';

/**
 * Where a webhook may not point (SSRF, docs/webhooks.md#addresses): every range ipaddr.js does not call `unicast`
 * (private, loopback, link-local — the cloud metadata address 169.254.169.254 among them —, unique-local IPv6,
 * unspecified 0.0.0.0, carrier-grade NAT, multicast, reserved…), IPv4 mapped into IPv6 judged as IPv4, and the
 * server's own host. `WEBHOOK_ALLOW_HOSTS` names hosts (or addresses) allowed anyway: tests and local development only.
 */
export type UrlProblem = 'webhooks.url_https' | 'webhooks.url_private' | 'webhooks.url_unresolved' | 'webhooks.url_self' | 'webhooks.url_credentials';

export interface UrlPolicy {
  env: Config['env'];
  appUrl: string;
  allowHosts: readonly string[];
}

export function policyOf(config: Config): UrlPolicy {
  return { env: config.env, appUrl: config.appUrl, allowHosts: config.webhookAllowHosts };
}

/** Whether one address may be called: only public unicast addresses. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

const allowed = (policy: UrlPolicy, host: string) => policy.allowHosts.map((h) => h.toLowerCase()).includes(host);

/** The problem of a URL before any lookup (scheme, credentials, the server's own host), or null. */
export function staticProblem(policy: UrlPolicy, url: URL): UrlProblem | null {
  const host = hostOf(url);
  if (url.username || url.password) return 'webhooks.url_credentials';
  if (allowed(policy, host)) return null;
  if (url.protocol !== 'https:' && policy.env !== 'development') return 'webhooks.url_https';
  const own = new URL(policy.appUrl);
  if (hostOf(own) === host || host === 'localhost' || host.endsWith('.localhost')) return 'webhooks.url_self';
  if (net.isIP(host) && !isPublicAddress(host)) return 'webhooks.url_private';
  return null;
}

/** Every address a name resolves to (both families). */
async function resolveAll(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

/**
 * The whole check, at save time: the static rules, then every address the name resolves to must be public (one
 * private address is enough to refuse: a name may answer differently on the next lookup).
 */
export async function urlProblem(policy: UrlPolicy, text: string): Promise<UrlProblem | null> {
  const url = new URL(text);
  const problem = staticProblem(policy, url);
  if (problem) return problem;
  const host = hostOf(url);
  if (allowed(policy, host)) return null;
  let addresses: string[];
  try {
    addresses = await resolveAll(host);
  } catch {
    return 'webhooks.url_unresolved';
  }
  if (addresses.length === 0) return 'webhooks.url_unresolved';
  if (addresses.some((a) => !isPublicAddress(a) && !allowed(policy, a))) return 'webhooks.url_private';
  return null;
}

/**
 * The `lookup` a delivery's connection uses: resolves the name and refuses it when any address is not public, so
 * the address checked is the address connected to (a name re-pointed after it was saved — DNS rebinding — fails).
 */
export function guardedLookup(policy: UrlPolicy, host: string): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses;
      const bad = list.find((a) => !isPublicAddress(a.address) && !allowed(policy, a.address) && !allowed(policy, host));
      if (bad || list.length === 0) return callback(Object.assign(new Error(`refused address ${bad?.address ?? 'none'} for ${hostname}`), { code: 'EWEBHOOKADDR' }), '', 0);
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  });
}
