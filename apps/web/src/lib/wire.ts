/**
 * The API keeps the names its first clients were built on (docs/product.md §15.1): `_id`, `conversationID`,
 * `sellerID` holding the seller, `secure_url`. The app's own code uses the domain's names (docs/decisions/0057), and
 * this is the one place they meet: every answer (lib/api.ts, lib/upload.ts, lib/socket.ts) goes through `fromWire`.
 *
 * The rule, for keys only (values, and keys that are data such as a status or a tooth number, are untouched):
 * - `_id` is `id`;
 * - a key ending in `ID` that holds an id is `…Id` (`conversationID` → `conversationId`); one that holds the record
 *   is named after it (`sellerID: { _id, username }` → `seller: { id, username }`);
 * - the few snake_case keys of the upload answers are camelCase.
 */

const SNAKE_KEYS = { secure_url: 'secureUrl', original_filename: 'originalFilename', resource_type: 'resourceType' } as const;
type SnakeKey = keyof typeof SNAKE_KEYS;

type DomainKey<K, V> = K extends '_id'
  ? 'id'
  : K extends SnakeKey
    ? (typeof SNAKE_KEYS)[K]
    : K extends `${infer Name}ID`
      ? [V] extends [string]
        ? `${Name}Id`
        : Name
      : K;

/** A wire type as the app holds it. */
export type Domain<T> = T extends readonly unknown[]
  ? { [I in keyof T]: Domain<T[I]> } // arrays and tuples keep their shape
  : T extends object
    ? { [K in keyof T as DomainKey<K, T[K]>]: Domain<T[K]> }
    : T;

function domainKey(key: string, value: unknown): string {
  if (key === '_id') return 'id';
  if (key in SNAKE_KEYS) return SNAKE_KEYS[key as SnakeKey];
  if (key.length > 2 && key.endsWith('ID')) {
    const name = key.slice(0, -2);
    // The API has no nullable `…ID` key; were one added, its type and its runtime name would differ here.
    return typeof value === 'string' ? `${name}Id` : name;
  }
  return key;
}

/** An answer's body in the domain's names. */
export function fromWire<T>(value: T): Domain<T> {
  return convert(value) as Domain<T>;
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[domainKey(key, inner)] = convert(inner);
  return out;
}
