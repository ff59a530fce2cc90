import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderDetailJsonSchema } from '@cusp/shared';
import { droppedKeys, responseSerializerCompiler } from './response-check.js';

// docs/decisions/0039: a key the response schema does not list is dropped on the way out; under test it is an error.

const schema = z.object({
  a: z.string(),
  inner: z.object({ b: z.number() }).nullable(),
  list: z.array(z.object({ c: z.boolean(), d: z.string().optional() })),
  either: z.union([z.object({ kind: z.literal('x'), x: z.number() }), z.object({ kind: z.literal('y'), y: z.number() })]),
  tags: z.record(z.string(), z.object({ n: z.number() })),
  open: z.object({ k: z.string() }).catchall(z.unknown()),
});
const fine = { a: 'a', inner: { b: 1 }, list: [{ c: true }, { c: false, d: 'd' }], either: { kind: 'y', y: 2 }, tags: { t: { n: 1 } }, open: { k: 'k', more: 1 } };

describe('droppedKeys', () => {
  it('finds nothing in an answer the schema describes', () => {
    expect(droppedKeys(schema, fine)).toEqual([]);
    expect(droppedKeys(schema, { ...fine, inner: null, d: undefined })).toEqual([]);
  });

  it('names each key the schema would drop, by its path, through objects, arrays, unions and records', () => {
    const answer = {
      ...fine,
      secret: 1,
      inner: { b: 1, extra: 2 },
      list: [{ c: true }, { c: false, e: 'e' }],
      either: { kind: 'x', x: 1, z: 3 },
      tags: { t: { n: 1, m: 2 } },
    };
    expect(droppedKeys(schema, answer).sort()).toEqual(['either.z', 'inner.extra', 'list.1.e', 'secret', 'tags.t.m']);
  });

  it('reads the shared order detail schema down to its files and pins', () => {
    const detail = orderDetailJsonSchema.shape;
    expect(droppedKeys(z.object({ events: detail.events }), { events: [{ files: [{ analysis: { parts: [{ name: 'a', extra: 1 }] } }], pins: [{ camera: { position: [0, 0, 0], target: [0, 0, 0], fov: 1 } }] }] })).toEqual([
      'events.0.files.0.analysis.parts.0.extra',
      'events.0.pins.0.camera.fov',
    ]);
  });
});

describe('the serializer under test', () => {
  it('fails an answer with a key its schema would drop, and serialises one without', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    const answer = z.object({ id: z.string() });
    app.get('/ok', { schema: { response: { 200: answer } } }, async () => ({ id: '1' }));
    app.get('/leaky', { schema: { response: { 200: answer } } }, async () => ({ id: '1', forgotten: true }) as { id: string });
    expect(process.env.NODE_ENV).toBe('test');
    const ok = await app.inject('/ok');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: '1' });
    const leaky = await app.inject('/leaky');
    expect(leaky.statusCode).toBe(500);
    expect(leaky.body).toContain('forgotten');
    await app.close();
  });
});
