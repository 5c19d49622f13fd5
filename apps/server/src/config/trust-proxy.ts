import { isIP } from 'node:net';

/**
 * Which proxies may tell us the client's address through `X-Forwarded-For`. Off by default:
 * trusting the header from anyone lets one client pick its own address and walk past every
 * per-IP limit. Behind nginx or a load balancer, name how many hops to trust or which
 * addresses the proxies have; only those entries of the header are believed.
 */
export type TrustProxy = false | number | string[];

const CIDR = /^(.+)\/(\d{1,3})$/;

function isAddressOrCidr(entry: string): boolean {
  const cidr = CIDR.exec(entry);
  if (!cidr) return isIP(entry) !== 0;
  const [, address = '', bits = ''] = cidr;
  const family = isIP(address);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Reads the setting as written in config.yaml, `--trust-proxy` or `INQUIRE_TRUST_PROXY`:
 * empty, `false` or `off` → off; a whole number → that many hops; otherwise a comma-separated
 * list of addresses and CIDR ranges. `true` is refused on purpose: it is the hole this
 * setting closes.
 */
export function parseTrustProxy(value: unknown): TrustProxy {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'number') return hops(value);
  const entries = (Array.isArray(value) ? value.map(String) : String(value).split(','))
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return false;
  if (entries.length === 1 && /^(false|off|no|0)$/i.test(entries[0] ?? '')) return false;
  if (entries.length === 1 && /^\d+$/.test(entries[0] ?? '')) return hops(Number(entries[0]));
  if (entries.some((entry) => /^(true|on|yes)$/i.test(entry))) {
    throw new Error(
      'trust_proxy: "true" would believe any client\'s X-Forwarded-For. Give the number of proxies in front of the site (for example 1) or their addresses (for example 127.0.0.1,10.0.0.0/8).',
    );
  }
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length) throw new Error(`trust_proxy: not an address or CIDR range: ${bad.join(', ')}`);
  return entries;
}

function hops(count: number): TrustProxy {
  if (!Number.isInteger(count) || count < 0 || count > 32) {
    throw new Error(`trust_proxy: a hop count is a whole number from 0 to 32 (got ${count})`);
  }
  return count === 0 ? false : count;
}

/** The first setting given wins: the command line, then the environment, then config.yaml. */
export function resolveTrustProxy(sources: { flag?: string; env?: string; file?: unknown }): TrustProxy {
  if (sources.flag !== undefined) return parseTrustProxy(sources.flag);
  if (sources.env) return parseTrustProxy(sources.env);
  return parseTrustProxy(sources.file);
}

/** Fastify's form: a hop count becomes "trust the nearest N hops" (proxy-addr's meaning). */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
