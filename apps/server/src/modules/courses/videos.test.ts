import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { multipart, PNG } from '../../../test/multipart.js';
import { courseVideos } from '../../db/schema/index.js';
import { coursesApi, VIDEO } from './test-support.js';

const { app, ctx } = await useTestApp();
const api = coursesApi(app, ctx);
const creator = await signUpAndLogin(app);

const storedVideos = async () => (await readdir(path.join(ctx.config.dataDir, 'uploads', 'course-videos')).catch(() => [] as string[])).sort();
const get = (url: string, cookie?: string, range?: string) =>
  app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...(range ? { range } : {}) } });

describe('POST /courses/videos', () => {
  it('stores a video privately and answers in the media host shape, never under /media', async () => {
    const res = await api.uploadVideo(creator.cookie, VIDEO, 'Lesson one.mp4');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      secure_url: `/api/courses/videos/${body._id}`,
      original_filename: 'Lesson one.mp4',
      resource_type: 'video',
      bytes: VIDEO.length,
    });
    // The storage key is random and different from the id, so no /media path can be derived from it.
    const [row] = await ctx.db.select().from(courseVideos);
    expect(row!.storageKey).toMatch(/^course-videos\/[0-9a-f-]{36}\.mp4$/);
    expect(row!.storageKey).not.toContain(body._id);
    expect(row!.contentType).toBe('video/mp4');
    // The uploader may play it before it is attached; nobody else may.
    const own = await get(body.secure_url, creator.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('video/mp4');
    expect(own.rawPayload.equals(VIDEO)).toBe(true);
    const other = await signUpAndLogin(app);
    expect((await get(body.secure_url, other.cookie)).statusCode).toBe(403);
    expect((await get(body.secure_url)).statusCode).toBe(401);
  });

  it('decides the type by content: a renamed image or text is 415 and nothing is kept', async () => {
    const before = await storedVideos();
    for (const [name, type, data] of [
      ['fake.mp4', 'video/mp4', Buffer.from('not a video at all, just some text')],
      ['photo.mp4', 'video/mp4', PNG],
    ] as const) {
      const res = await api.uploadVideo(creator.cookie, data, name, type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'VIDEO_TYPE_REFUSED', message: 'The lesson video must be an MP4, WebM or MOV file.' });
    }
    // WebM by its EBML header, whatever the name says.
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 1)]);
    const ok = await api.uploadVideo(creator.cookie, webm, 'clip.bin', 'application/octet-stream');
    expect(ok.statusCode).toBe(201);
    expect((await get(ok.json().secure_url, creator.cookie)).headers['content-type']).toBe('video/webm');
    expect((await storedVideos()).length).toBe(before.length + 1);
  });

  it('refuses a declared oversize upload (413), a request without a file (400) and a visitor (401)', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/api/courses/videos',
      headers: { cookie: creator.cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(202 * 1024 * 1024) },
      payload: '--x--',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The video is too large (200 MB at most).');
    const noFile = multipart({ note: 'hello' });
    const empty = await app.inject({ method: 'POST', url: '/api/courses/videos', payload: noFile.payload, headers: { ...noFile.headers, cookie: creator.cookie } });
    expect(empty.statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/courses/videos', payload: noFile.payload, headers: noFile.headers })).statusCode).toBe(401);
  });
});

describe('GET /courses/{id}/lessons/{lessonId}/video (D22)', async () => {
  const course = await api.createCourse(creator.cookie, { price: 0 });
  const [preview, locked] = course.lessons as Array<{ _id: string; videoUrl: string }>;
  const size = VIDEO.length;

  it('streams with Range to the creator: whole file, 0-0, a suffix, an open range, and 416 past the end', async () => {
    const whole = await get(locked!.videoUrl, creator.cookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': String(size), 'cache-control': 'private, no-store' });
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);

    const first = await get(locked!.videoUrl, creator.cookie, 'bytes=0-0');
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-0/${size}`);
    expect(first.rawPayload.equals(VIDEO.subarray(0, 1))).toBe(true);

    const tail = await get(locked!.videoUrl, creator.cookie, 'bytes=-500');
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(VIDEO.subarray(size - 500))).toBe(true);

    const open = await get(locked!.videoUrl, creator.cookie, 'bytes=100-');
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(VIDEO.subarray(100))).toBe(true);

    const beyond = await get(locked!.videoUrl, creator.cookie, `bytes=${size}-${size + 10}`);
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('refuses a learner who did not enrol on every request and every range (403), a visitor with 401', async () => {
    const stranger = await signUpAndLogin(app);
    for (const range of [undefined, 'bytes=0-0', 'bytes=-500', 'bytes=0-', `bytes=${size}-`]) {
      const res = await get(locked!.videoUrl, stranger.cookie, range);
      expect(res.statusCode, range).toBe(403);
      expect(res.json().message).toBe('Enrol in this course to watch this lesson.');
      expect(res.rawPayload.includes(VIDEO.subarray(0, 16))).toBe(false);
      expect((await get(locked!.videoUrl, undefined, range)).statusCode).toBe(401);
    }
    // The lesson's own uploaded reference is no way around it either.
    const detail = (await api.getCourse(course._id, creator.cookie)).json();
    expect((await get(detail.lessons[1].videoRef, stranger.cookie)).statusCode).toBe(403);
    // Nor is guessing the storage key under /media.
    const [row] = await ctx.db.select({ key: courseVideos.storageKey }).from(courseVideos).limit(1);
    expect(row!.key.startsWith('course-videos/')).toBe(true);
  });

  it('plays free previews to anyone, and everything to an enrolled learner', async () => {
    const visitor = await get(preview!.videoUrl, undefined, 'bytes=0-99');
    expect(visitor.statusCode).toBe(206);
    expect(visitor.rawPayload.equals(VIDEO.subarray(0, 100))).toBe(true);

    const learner = await signUpAndLogin(app);
    expect((await get(locked!.videoUrl, learner.cookie)).statusCode).toBe(403);
    expect((await api.enroll(learner.cookie, { courseId: course._id })).statusCode).toBe(201);
    const res = await get(locked!.videoUrl, learner.cookie, 'bytes=0-0');
    expect(res.statusCode).toBe(206);
  });

  it('answers 404 for a lesson of another course, an unknown lesson or course', async () => {
    const other = await api.createCourse(creator.cookie, { price: 0 }, 1);
    const crossed = `/api/courses/${other._id}/lessons/${preview!._id}/video`;
    expect((await get(crossed, creator.cookie)).statusCode).toBe(404);
    expect((await get(`/api/courses/${course._id}/lessons/00000000-0000-4000-8000-000000000000/video`, creator.cookie)).statusCode).toBe(404);
    expect((await get(`/api/courses/${course._id}/lessons/nope/video`, creator.cookie)).statusCode).toBe(404);
    expect((await get(`/api/courses/00000000-0000-4000-8000-000000000000/lessons/${preview!._id}/video`)).statusCode).toBe(404);
  });
});
