/** The JSON of an XMLHttpRequest answer (uploads use XHR for progress), or undefined. */
export function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
