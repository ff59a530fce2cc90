import { parseCookie } from 'cookie';

/** decodeURIComponent, but a value it cannot decode is no value (cookie's own decode would answer it raw). */
const decodeOrUndefined = (value: string): string | undefined => {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/**
 * The value of cookie `name` in a Cookie header (decoded), or undefined; a malformed value is undefined
 * too. For what runs outside @fastify/cookie's request hook: the socket handshake, the page fallback.
 * The same parser as that hook (the `cookie` package).
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  return parseCookie(header, { decode: decodeOrUndefined })[name];
}
