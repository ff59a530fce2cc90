/** The value of cookie `name` in a Cookie header (decoded), or undefined. For code that runs without @fastify/cookie. */
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
