import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { fromTrustedProxy, type ProxyTrust } from './client-address.js';

/** What the origin check reads from a request, HTTP or a socket handshake alike. */
export interface OriginFacts {
  /** The `Origin` header, as sent (`null`, garbage and non-ASCII included). */
  origin: string | undefined;
  /** The `Host` header the request was sent to. */
  host: string | undefined;
  /** The scheme the request came in with: TLS on the socket, or `X-Forwarded-Proto` behind a trusted proxy. */
  protocol: string;
  /** `Sec-Fetch-Site`, used when there is no `Origin`. */
  secFetchSite: string | undefined;
}

/**
 * The one cross-site check (docs/decisions/0003 and 0022), for state-changing HTTP calls and for every
 * Socket.IO handshake: a browser's request is ours when its `Origin` is `PUBLIC_URL`'s origin, scheme
 * included, or names the `Host` it was sent to with the scheme the product is served with (https when
 * `PUBLIC_URL` is https or the request came over https). `Origin: null`, a value that is not a URL, an
 * http page against an https product: refused. Without `Origin`, only `Sec-Fetch-Site: cross-site` is
 * refused (curl, servers, old browsers carry no ambient cookie of ours). It never throws.
 */
export function createOriginCheck(publicUrl: string): (request: OriginFacts) => boolean {
  const own = new URL(publicUrl);
  const ownOrigin = own.origin;
  return ({ origin, host, protocol, secFetchSite }) => {
    if (origin === undefined || origin === '') return secFetchSite !== 'cross-site';
    if (origin === ownOrigin) return true;
    if (!host) return false;
    const scheme = own.protocol === 'https:' || protocol === 'https' || protocol === 'https:' ? 'https:' : 'http:';
    try {
      const from = new URL(origin);
      // An origin and nothing else (no path, no stray characters the URL parser would drop), then the
      // same normalisation on both sides (case, default port).
      if (from.origin !== origin.toLowerCase()) return false;
      const to = new URL(`${scheme}//${host}`);
      return from.protocol === scheme && from.host === to.host;
    } catch {
      return false;
    }
  };
}

/**
 * The facts for a raw Node request (a Socket.IO handshake, an upgrade), as Fastify reads them for its requests: the
 * scheme from `X-Forwarded-Proto` (its last value, the nearest proxy's) only when the connection comes from a
 * trusted proxy (platform/client-address.ts).
 */
export function originFacts(request: IncomingMessage, trust: ProxyTrust | false): OriginFacts {
  const forwarded = fromTrustedProxy(request, trust) ? request.headers['x-forwarded-proto'] : undefined;
  const forwardedProto = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').at(-1)?.trim();
  const secFetchSite = request.headers['sec-fetch-site'];
  return {
    origin: request.headers.origin,
    host: request.headers.host,
    protocol: forwardedProto || ((request.socket as TLSSocket).encrypted ? 'https' : 'http'),
    secFetchSite: Array.isArray(secFetchSite) ? secFetchSite[0] : secFetchSite,
  };
}
