/** `value` when it is one of `list`: codes that arrive from the URL or the API are checked before use. */
export function isCode<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}
