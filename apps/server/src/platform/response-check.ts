import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * A response schema drops the keys it does not list (docs/decisions/0039): that keeps a field from leaking, and it
 * also makes a field the schema forgot vanish from the wire without a word. Under test (NODE_ENV=test) the
 * serializer first looks for such keys and fails the answer (a 500 naming them), so a missed field is a failing
 * test rather than data the web app silently stops receiving.
 */

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** The paths of the keys in `value` that `schema` would drop (`events.0.files.1.analysis.extra`). */
export function droppedKeys(schema: z.ZodType, value: unknown, path = ''): string[] {
  if (value === undefined || value === null) return [];
  const def = defOf(schema);
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (WRAPPERS.has(def.type)) return droppedKeys(def.innerType!, value, path);
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(value)) return [];
      const open = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
      return Object.entries(value).flatMap(([key, field]) => {
        const fieldSchema = def.shape![key];
        if (fieldSchema) return droppedKeys(fieldSchema, field, at(key));
        if (open) return droppedKeys(def.catchall!, field, at(key));
        // A key whose value is undefined is not written by JSON.stringify either.
        return field === undefined ? [] : [at(key)];
      });
    }
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, i) => droppedKeys(def.element!, item, at(i))) : [];
    case 'tuple':
      return Array.isArray(value) ? value.flatMap((item, i) => { const s = def.items![i] ?? def.rest; return s ? droppedKeys(s, item, at(i)) : []; }) : [];
    case 'record':
      return isPlainObject(value) ? Object.entries(value).flatMap(([key, field]) => droppedKeys(def.valueType!, field, at(key))) : [];
    case 'union': {
      // The option the value is an answer of (the first that takes it, as zod picks), else the closest.
      const options = def.options!;
      const taking = options.find((option) => option.safeParse(value).success);
      if (taking) return droppedKeys(taking, value, path);
      const each = options.map((option) => droppedKeys(option, value, path));
      return each.reduce((best, list) => (list.length < best.length ? list : best), each[0] ?? []);
    }
    case 'intersection': {
      const right = new Set(droppedKeys(def.right!, value, path));
      return droppedKeys(def.left!, value, path).filter((key) => right.has(key));
    }
    case 'pipe':
      return droppedKeys(def.in!, value, path);
    case 'lazy':
      return droppedKeys(def.getter!(), value, path);
    default:
      return [];
  }
}

/** The status's schema of a route's response schemas, as Fastify hands it to the serializer compiler. */
type CompilerInput = { schema: unknown; method: string; url: string; httpStatus?: string };

/** fastify-type-provider-zod's serializer compiler, failing an answer that carries a key its schema would drop. */
export function strictSerializerCompiler(input: CompilerInput) {
  const serialize = serializerCompiler(input as Parameters<typeof serializerCompiler>[0]);
  const given = input.schema as z.ZodType | { properties: z.ZodType };
  const schema = 'properties' in given ? given.properties : given;
  return (data: unknown) => {
    const dropped = droppedKeys(schema, data);
    if (dropped.length > 0) {
      throw new Error(`${input.method} ${input.url} answered ${dropped.join(', ')}, which its response schema would drop: add them to the schema (docs/decisions/0039)`);
    }
    return serialize(data);
  };
}

/** The serializer compiler app.ts sets: strict under test, fastify-type-provider-zod's otherwise. */
export const responseSerializerCompiler = (process.env.NODE_ENV === 'test' ? strictSerializerCompiler : serializerCompiler) as typeof serializerCompiler;

/** For `jsonWith` (the cached answers): the same check under test. */
export function checkDroppedKeys(schema: z.ZodType, value: unknown, what: string) {
  if (process.env.NODE_ENV !== 'test') return;
  const dropped = droppedKeys(schema, value);
  if (dropped.length > 0) throw new Error(`${what} answered ${dropped.join(', ')}, which its response schema would drop (docs/decisions/0039)`);
}
