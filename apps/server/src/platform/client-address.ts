import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/**
 * Which peers may tell the client's address (`X-Forwarded-For`) and scheme (`X-Forwarded-Proto`), as
 * `TRUST_PROXY` says (docs/decisions/0049): nobody (false), the nearest `hops` peers (a load balancer in
 * front is one hop), or the peers whose address is in `addresses` (addresses, CIDR ranges, or
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's question: is the peer at `hop` (0: the connection's own) a proxy we trust? */
export type ProxyTrust = (address: string, hop: number) => boolean;

export const MAX_PROXY_HOPS = 20;

/**
 * `TRUST_PROXY` read (config.ts): `false`/`0`/`no`, `true`/`yes` (one hop: the address the nearest proxy
 * appended), a number of hops, or a comma-separated list of trusted proxy addresses and ranges. Returns a
 * sentence for the configuration error instead when the value is none of these.
 */
export function parseTrustProxy(text: string): TrustProxy | { error: string } {
  const value = text.trim().toLowerCase();
  if (['false', 'no', '0'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_PROXY_HOPS ? { hops } : { error: `must be a number of proxies between 0 and ${MAX_PROXY_HOPS}` };
  }
  const addresses = text.split(',').map((item) => item.trim()).filter(Boolean);
  try {
    if (addresses.length === 0) throw new Error('no address');
    proxyAddr.compile(addresses);
    return { addresses };
  } catch (error) {
    const detail = error instanceof Error && error.message !== 'no address' ? ` (${error.message})` : '';
    return {
      error: `must be true, false, a number of proxies in front (1-${MAX_PROXY_HOPS}), or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8,2001:db8::/32${detail}`,
    };
  }
}

/** The trust function for a setting, or false: the one rule Fastify (`request.ip`) and `clientAddress` both follow. */
export function proxyTrust(setting: TrustProxy): ProxyTrust | false {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile(setting.addresses);
}

/**
 * The client's address of a raw Node request (a Socket.IO handshake; Fastify's `request.ip` is the same
 * computation with the same `trust`): walking from the connection's own address back through
 * `X-Forwarded-For`, right to left, the first address that is not a trusted proxy. The left part of the
 * header is whatever the client wrote and is never read past a peer we do not trust.
 */
export function clientAddress(request: IncomingMessage, trust: ProxyTrust | false): string {
  if (!trust) return request.socket.remoteAddress ?? '';
  return proxyAddr(request, trust);
}

/** Whether the connection's own peer is a trusted proxy (its `X-Forwarded-Proto` then counts), as Fastify asks it. */
export function fromTrustedProxy(request: IncomingMessage, trust: ProxyTrust | false): boolean {
  const peer = request.socket.remoteAddress;
  return Boolean(trust && peer && trust(peer, 0));
}

/**
 * The key a per-address rate limit counts under (docs/decisions/0049): an IPv4 address as it is, an
 * IPv4-mapped IPv6 address (`::ffff:203.0.113.7`) as its IPv4 address, any other IPv6 address by its /64
 * prefix (`2001:db8:1:2::/64`): one subscriber's network gets a whole /64, so counting single IPv6 addresses
 * would give it 2^64 separate allowances. Anything that is not an address stays as it is.
 */
export function addressKey(address: string): string {
  if (isIP(address) === 0) return address;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv4') return ip.toString();
  const prefix = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}
