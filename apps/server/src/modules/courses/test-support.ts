import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { userColumns, users } from '../../db/schema/index.js';
import { serverRoot } from '../../paths.js';
import { multipart } from '../../../test/multipart.js';
import { createIntent, sandboxPay } from '../payments/index.js';

/** The demo lesson videos the seeder ships (tiny H.264 MP4s), reused by the tests. */
export const DEMO_VIDEO_DIR = path.join(serverRoot, 'src/seed/assets/courses');
export const VIDEO = readFileSync(path.join(DEMO_VIDEO_DIR, 'lesson-1.mp4'));

/** Test helpers for the courses API, bound to one app. */
export function coursesApi(app: FastifyInstance, ctx: AppContext) {
  const uploadVideo = (cookie: string, data: Buffer = VIDEO, name = 'lesson.mp4', type = 'video/mp4') => {
    const body = multipart({}, [{ field: 'file', name, type, data }]);
    return app.inject({ method: 'POST', url: '/api/courses/videos', payload: body.payload, headers: { ...body.headers, cookie } });
  };

  /** Uploads `count` videos as `cookie` and returns their references. */
  const videos = async (cookie: string, count: number): Promise<string[]> => {
    const urls: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await uploadVideo(cookie);
      if (res.statusCode !== 201) throw new Error(`video upload failed: ${res.statusCode} ${res.body}`);
      urls.push(res.json().secure_url);
    }
    return urls;
  };

  const courseInput = async (cookie: string, overrides: Record<string, unknown> = {}, lessonCount = 2) => {
    const urls = await videos(cookie, lessonCount);
    return {
      title: 'Implant abutment design in exocad',
      description: 'From the scan body to a milling-ready custom abutment.',
      thumbnail: '',
      price: 49.5,
      tags: ['Implant Prosthetics'],
      lessons: urls.map((videoUrl, i) => ({ title: `Lesson ${i + 1}`, videoUrl, duration: i === 0 ? '10:30' : '1:02:03', preview: i === 0 })),
      ...overrides,
    };
  };

  const createCourse = async (cookie: string, overrides: Record<string, unknown> = {}, lessonCount = 2) => {
    const res = await app.inject({ method: 'POST', url: '/api/courses', headers: { cookie }, payload: await courseInput(cookie, overrides, lessonCount) });
    if (res.statusCode !== 201) throw new Error(`course creation failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  const getCourse = (id: string, cookie?: string) => app.inject({ method: 'GET', url: `/api/courses/${id}`, headers: cookie ? { cookie } : {} });

  const userRow = async (id: string) => (await ctx.db.select(userColumns).from(users).where(eq(users.id, id)))[0]!;

  /** A real sandbox payment for the course by this user, paid with the test card; returns its id. */
  const pay = async (userId: string, courseId: string, card = '4242424242424242') => {
    const user = await userRow(userId);
    const intent = await createIntent(ctx, user, { type: 'course', id: courseId });
    await sandboxPay(ctx, user, intent._id, { cardNumber: card, expiry: '12/30', cvc: '123', name: 'Demo Buyer' }).catch(() => undefined);
    return intent._id;
  };

  const enroll = (cookie: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/enroll', headers: { cookie }, payload });

  return { uploadVideo, videos, courseInput, createCourse, getCourse, pay, enroll, userRow };
}
