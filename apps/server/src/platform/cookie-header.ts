/**
 * The value of cookie `name` in a Cookie header (decoded), or undefined; a malformed value is undefined
 * too. For what runs outside @fastify/cookie's request hook: the socket handshake, the page fallback.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  const raw = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw.slice(name.length + 1));
  } catch {
    return undefined;
  }
}
