import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.js';
import { DEMO_VIDEO_DIR } from './courses.js';
import { seedDemo } from './index.js';

const { app, ctx } = await useTestApp();

const login = async (email: string, password: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return `cusp_session=${res.cookies.find((c) => c.name === 'cusp_session')!.value}`;
};

it('ships small demo videos (under 300 KB in all)', async () => {
  const files = await readdir(DEMO_VIDEO_DIR);
  const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(DEMO_VIDEO_DIR, f))).size));
  expect(files.length).toBeGreaterThan(0);
  expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(300 * 1024);
});

it('seeds demo courses: one free, playable lessons, and one the demo buyer paid for and started', async () => {
  expect(await seedDemo(ctx)).toBe(true);
  const list = await app.inject({ method: 'GET', url: '/api/courses' });
  const items = list.json() as Array<{ _id: string; price: number; lessonCount: number; thumbnail: string; title: string }>;
  expect(items.length).toBeGreaterThanOrEqual(3);
  expect(items.filter((c) => c.price === 0)).toHaveLength(1);
  expect(items.every((c) => c.lessonCount >= 2 && c.thumbnail.startsWith('/media/'))).toBe(true);

  const buyer = await login('buyer@cusp.test', 'buyer-demo-1');
  const mine = (await app.inject({ method: 'GET', url: '/api/enroll/my', headers: { cookie: buyer } })).json();
  expect(mine).toHaveLength(1);
  expect(mine[0].progress).toBeGreaterThan(0);
  const course = (await app.inject({ method: 'GET', url: `/api/courses/${mine[0]._id}`, headers: { cookie: buyer } })).json();
  expect(course).toMatchObject({ enrolled: true, canWatch: true });
  const video = await app.inject({ method: 'GET', url: course.lessons[1].videoUrl, headers: { cookie: buyer, range: 'bytes=0-11' } });
  expect(video.statusCode).toBe(206);
  expect(video.headers['content-type']).toBe('video/mp4');
  expect(video.rawPayload.subarray(4, 8).toString()).toBe('ftyp');

  // The creator sees the sale.
  const designer = await login('designer@cusp.test', 'designer-demo-1');
  const published = (await app.inject({ method: 'GET', url: '/api/courses/mine', headers: { cookie: designer } })).json();
  expect(published.find((c: { _id: string }) => c._id === course._id)).toMatchObject({ enrollmentCount: 1, revenue: course.price });
});
