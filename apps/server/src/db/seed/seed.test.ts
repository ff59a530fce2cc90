import { expect, it } from 'vitest';
import { SERVICE_TAGS } from '@cusp/shared';
import { useTestApp } from '../../../test/helper.js';
import { seedDemo } from './index.js';

const { app, ctx } = await useTestApp();

it('seeds a living catalogue once: 13 designers, 40 services over every tag, real cover images', async () => {
  expect(await seedDemo(ctx)).toBe(true);
  expect(await seedDemo(ctx)).toBe(false);

  const designers = await app.inject({ method: 'GET', url: '/api/users?isDesigner=true&limit=100' });
  expect(designers.json()).toHaveLength(13);
  const gigs = await app.inject({ method: 'GET', url: '/api/gigs?limit=100' });
  const items = gigs.json() as Array<{ tags: string[]; cover: string }>;
  expect(items).toHaveLength(40);
  expect(new Set(items.flatMap((s) => s.tags))).toEqual(new Set(SERVICE_TAGS));

  const cover = await app.inject({ method: 'GET', url: items[0]!.cover });
  expect(cover.statusCode).toBe(200);
  expect(cover.headers['content-type']).toBe('image/webp');
  expect(cover.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'lina_haddad@cusp.test', password: 'designer-demo-1' } });
  expect(login.statusCode).toBe(200);
});
