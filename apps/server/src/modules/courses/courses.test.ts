import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { courses, courseVideos, enrollments } from '../../db/schema/index.js';
import { coursesApi } from './test-support.js';

const { app, ctx } = await useTestApp();
const api = coursesApi(app, ctx);
const creator = await signUpAndLogin(app);

const post = (payload: object, cookie = creator.cookie) => app.inject({ method: 'POST', url: '/api/courses', headers: { cookie }, payload });
const countCourses = async () => (await ctx.db.select({ id: courses.id }).from(courses)).length;

describe('POST /courses', () => {
  it('creates a course for any member: price in major units, the category as single tag, lessons in order', async () => {
    const res = await post(await api.courseInput(creator.cookie));
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      title: 'Implant abutment design in exocad',
      price: 49.5,
      tags: ['Implant Prosthetics'],
      category: 'Implant Prosthetics',
      thumbnail: null,
      creator: { _id: creator.user._id, username: creator.user.username, image: null },
      creatorName: creator.user.username,
      creatorProfilePic: null,
      lessonCount: 2,
      totalDuration: 630 + 3723,
      isCreator: true,
      enrolled: false,
      canWatch: true,
      progress: 0,
    });
    expect(c.lessons.map((l: { title: string; duration: string; preview: boolean; position: number }) => [l.position, l.title, l.duration, l.preview])).toEqual([
      [0, 'Lesson 1', '10:30', true],
      [1, 'Lesson 2', '1:02:03', false],
    ]);
    // Stored in minor units (docs/product.md §6.1).
    const [row] = await ctx.db.select({ price: courses.price }).from(courses).where(eq(courses.id, c._id));
    expect(row!.price).toBe(4950);
    expect(c.lessons[0].videoUrl).toBe(`/api/courses/${c._id}/lessons/${c.lessons[0]._id}/video`);
    expect(c.lessons[0].videoRef).toMatch(/^\/api\/courses\/videos\/[0-9a-f-]{36}$/);
  });

  it('accepts a free course without a category or durations', async () => {
    const [videoUrl] = await api.videos(creator.cookie, 1);
    const res = await post({ title: 'Free intro', description: 'Start here.', price: 0, lessons: [{ title: 'Welcome', videoUrl }] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: 0, tags: [], category: '', lessonCount: 1, totalDuration: 0 });
    expect(res.json().lessons[0]).toMatchObject({ duration: null, durationSeconds: null, preview: false });
  });

  it('answers 400 with a message per field for bad input, storing nothing', async () => {
    const before = await countCourses();
    const [videoUrl] = await api.videos(creator.cookie, 1);
    const missing = await post({ title: ' ', description: '', lessons: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({
      title: 'Please fill in the title field.',
      description: 'Please fill in the description field.',
      lessons: 'A course needs at least one lesson.',
    });
    const lesson = await post({ title: 'T', description: 'D', lessons: [{ title: '', videoUrl: '' }] });
    expect(lesson.statusCode).toBe(400);
    expect(lesson.json().fieldErrors).toMatchObject({
      'lessons.0.title': 'Each lesson must have a title and video file.',
      'lessons.0.videoUrl': 'Each lesson must have a title and video file.',
    });
    const cases: Array<[object, string, string]> = [
      [{ price: -1 }, 'price', 'The price cannot be negative.'],
      [{ price: 10.123 }, 'price', 'The price can have at most two decimals.'],
      [{ price: 'abc' }, 'price', 'Please enter a price (0 for a free course).'],
      [{ tags: ['Pizza'] }, 'tags.0', 'Choose a category from:'],
      [{ tags: ['Dentures', 'Surgical Guides'] }, 'tags', 'A course has one category.'],
      [{ thumbnail: 'https://elsewhere.example/x.png' }, 'thumbnail', 'Please upload the image through Cusp.'],
      [{ lessons: [{ title: 'L', videoUrl, duration: '10 minutes' }] }, 'lessons.0.duration', 'Write the duration as minutes and seconds, e.g. 10:30.'],
      [{ lessons: [{ title: 'L', videoUrl: '/media/videos/x.mp4' }] }, 'lessons.0.videoUrl', 'Each lesson must have a title and video file.'],
      [{ lessons: [{ title: 'A', videoUrl }, { title: 'B', videoUrl }] }, 'lessons', 'Each lesson needs a video of its own.'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await post({ title: 'T', description: 'D', price: 5, lessons: [{ title: 'L', videoUrl }], ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().fieldErrors[field], JSON.stringify(patch)).toContain(message);
    }
    expect(await countCourses()).toBe(before);
  });

  it("refuses a video the caller did not upload, or one already in another course (D22)", async () => {
    const other = await signUpAndLogin(app);
    const [theirs] = await api.videos(other.cookie, 1);
    const stolen = await post({ title: 'T', description: 'D', lessons: [{ title: 'L', videoUrl: theirs }] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fieldErrors['lessons.0.videoUrl']).toBe(
      'Upload the lesson video through the course form; a video you did not upload cannot be used.',
    );
    const unknown = await post({ title: 'T', description: 'D', lessons: [{ title: 'L', videoUrl: '/api/courses/videos/00000000-0000-4000-8000-000000000000' }] });
    expect(unknown.statusCode).toBe(400);

    const first = await api.createCourse(creator.cookie, {}, 1);
    const reused = await post({ title: 'T', description: 'D', lessons: [{ title: 'L', videoUrl: first.lessons[0].videoRef }] });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fieldErrors['lessons.0.videoUrl']).toBe('Each lesson needs a video of its own.');
  });

  it('is for logged-in members: 401 for a visitor before any validation', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/courses', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /courses and /courses/{id}', () => {
  it('lists newest first with X-Total-Count, filters by category and finds by search', async () => {
    const who = await signUpAndLogin(app);
    await api.createCourse(who.cookie, { title: 'Aligner staging basics', tags: ['Orthodontics & Aligners'] }, 1);
    const newest = await api.createCourse(who.cookie, { title: 'Denture tooth setup', tags: ['Dentures'] }, 1);

    const all = await app.inject({ method: 'GET', url: `/api/courses?creatorId=${who.user._id}` });
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('2');
    expect(all.json().map((c: { title: string }) => c.title)).toEqual(['Denture tooth setup', 'Aligner staging basics']);
    expect(all.json()[0]).toMatchObject({ _id: newest._id, lessonCount: 1, totalDuration: 630, creatorName: who.user.username });
    expect(all.json()[0].lessons).toBeUndefined();

    const byTag = await app.inject({ method: 'GET', url: `/api/courses?tag=${encodeURIComponent('Orthodontics & Aligners')}&creatorId=${who.user._id}` });
    expect(byTag.json().map((c: { title: string }) => c.title)).toEqual(['Aligner staging basics']);
    const found = await app.inject({ method: 'GET', url: '/api/courses?search=alig' });
    expect(found.json().map((c: { title: string }) => c.title)).toContain('Aligner staging basics');
    expect(found.json().map((c: { title: string }) => c.title)).not.toContain('Denture tooth setup');

    const paged = await app.inject({ method: 'GET', url: `/api/courses?creatorId=${who.user._id}&limit=1&offset=1` });
    expect(paged.json()).toHaveLength(1);
    expect(paged.headers['x-total-count']).toBe('2');
    expect((await app.inject({ method: 'GET', url: '/api/courses?tag=Pizza' })).statusCode).toBe(400);
  });

  it('shows lessons to everyone but gives video addresses only for previews to a visitor or a learner who did not enrol', async () => {
    const course = await api.createCourse(creator.cookie);
    const stranger = await signUpAndLogin(app);
    for (const res of [await api.getCourse(course._id), await api.getCourse(course._id, stranger.cookie)]) {
      expect(res.statusCode).toBe(200);
      const c = res.json();
      expect(c).toMatchObject({ enrolled: false, isCreator: false, canWatch: false, progress: null, lastLessonId: null, lessonCount: 2 });
      expect(c.lessons[0].videoUrl).toBe(`/api/courses/${course._id}/lessons/${c.lessons[0]._id}/video`); // preview
      expect(c.lessons[1].videoUrl).toBeNull();
      expect(c.lessons[1].title).toBe('Lesson 2');
      expect(c.lessons[0].videoRef).toBeUndefined();
      expect(c.lessons[1].completed).toBeUndefined();
    }
  });

  it("answers 404 'Course not found.' for an unknown or malformed id", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await api.getCourse(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Course not found.');
    }
  });
});

describe('changing and deleting a course', () => {
  it('lets only the creator edit: another member gets 403 and nothing changes', async () => {
    const course = await api.createCourse(creator.cookie);
    const intruder = await signUpAndLogin(app);
    const edit = await app.inject({ method: 'PATCH', url: `/api/courses/${course._id}`, headers: { cookie: intruder.cookie }, payload: { title: 'Stolen' } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('You are not authorized to change this course.');
    const del = await app.inject({ method: 'DELETE', url: `/api/courses/${course._id}`, headers: { cookie: intruder.cookie } });
    expect(del.statusCode).toBe(403);
    expect((await api.getCourse(course._id)).json().title).toBe(course.title);

    const ok = await app.inject({ method: 'PATCH', url: `/api/courses/${course._id}`, headers: { cookie: creator.cookie }, payload: { title: 'Better title', price: 19.99, tags: [] } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Better title', price: 19.99, tags: [], category: '', lessonCount: 2 });
    const bad = await app.inject({ method: 'PATCH', url: `/api/courses/${course._id}`, headers: { cookie: creator.cookie }, payload: { price: -3, creatorId: intruder.user._id } });
    expect(bad.statusCode).toBe(400);
  });

  it('edits lessons: keeps ids (and progress) of lessons sent back, adds new ones, removes the rest and their videos', async () => {
    const course = await api.createCourse(creator.cookie, {}, 2);
    const [first, second] = course.lessons;
    const [fresh] = await api.videos(creator.cookie, 1);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/courses/${course._id}`,
      headers: { cookie: creator.cookie },
      payload: {
        lessons: [
          { _id: second._id, title: 'Now first', videoUrl: second.videoRef, duration: '5:00', preview: true },
          { title: 'Brand new', videoUrl: fresh },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.lessons.map((l: { _id: string; title: string }) => l.title)).toEqual(['Now first', 'Brand new']);
    expect(c.lessons[0]._id).toBe(second._id);
    expect(c.totalDuration).toBe(300);
    // The first lesson's video is gone with it: its row and its address.
    const firstVideoId = first.videoRef.split('/').pop();
    expect(await ctx.db.select().from(courseVideos).where(eq(courseVideos.id, firstVideoId))).toHaveLength(0);
    expect((await app.inject({ method: 'GET', url: first.videoRef, headers: { cookie: creator.cookie } })).statusCode).toBe(404);

    const foreign = await app.inject({
      method: 'PATCH',
      url: `/api/courses/${course._id}`,
      headers: { cookie: creator.cookie },
      payload: { lessons: [{ _id: first._id, title: 'Ghost', videoUrl: second.videoRef }] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors['lessons.0._id']).toBe('This lesson is not part of this course.');
  });

  it('deletes a course without learners (with its videos), refuses one with learners (409)', async () => {
    const course = await api.createCourse(creator.cookie, { price: 0 }, 1);
    const videoRef = course.lessons[0].videoRef;
    const del = await app.inject({ method: 'DELETE', url: `/api/courses/${course._id}`, headers: { cookie: creator.cookie } });
    expect(del.statusCode).toBe(204);
    expect((await api.getCourse(course._id)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: videoRef, headers: { cookie: creator.cookie } })).statusCode).toBe(404);

    const taken = await api.createCourse(creator.cookie, { price: 0 }, 1);
    const learner = await signUpAndLogin(app);
    expect((await api.enroll(learner.cookie, { courseId: taken._id })).statusCode).toBe(201);
    const refused = await app.inject({ method: 'DELETE', url: `/api/courses/${taken._id}`, headers: { cookie: creator.cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Learners have enrolled in this course, so it cannot be deleted. You can still edit it.');
    expect((await api.getCourse(taken._id)).statusCode).toBe(200);
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.courseId, taken._id))).toHaveLength(1);
  });
});

describe('GET /courses/mine', () => {
  it("lists the caller's courses with learners and takings; 401 for a visitor", async () => {
    const author = await signUpAndLogin(app);
    const free = await api.createCourse(author.cookie, { title: 'Free one', price: 0 }, 1);
    const paid = await api.createCourse(author.cookie, { title: 'Paid one', price: 25 }, 1);
    const learner = await signUpAndLogin(app);
    expect((await api.enroll(learner.cookie, { courseId: free._id })).statusCode).toBe(201);
    const paymentId = await api.pay(learner.user._id, paid._id);
    expect((await api.enroll(learner.cookie, { courseId: paid._id, transactionId: paymentId, paymentMethod: 'creditcard' })).statusCode).toBe(201);

    const res = await app.inject({ method: 'GET', url: '/api/courses/mine', headers: { cookie: author.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { title: string; enrollmentCount: number; revenue: number }) => [c.title, c.enrollmentCount, c.revenue])).toEqual([
      ['Paid one', 1, 25],
      ['Free one', 1, 0],
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/courses/mine' })).statusCode).toBe(401);
  });
});
