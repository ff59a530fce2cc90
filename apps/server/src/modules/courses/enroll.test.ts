import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { enrollments, ledgerEntries, payments, providerRefunds } from '../../db/schema/index.js';
import { expectLedgerBalanced } from '../../../test/orders.js';
import { createIntent } from '../payments/index.js';
import { coursesApi } from './test-support.js';

const { app, ctx } = await useTestApp();
const api = coursesApi(app, ctx);
const creator = await signUpAndLogin(app);
const paid = await api.createCourse(creator.cookie, { title: 'Paid course', price: 49.5 });
const free = await api.createCourse(creator.cookie, { title: 'Free course', price: 0 }, 1);

const enrolmentsOf = async (userId: string, courseId = paid._id) =>
  ctx.db.select().from(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
const lockedVideo = (course: { _id: string; lessons: Array<{ _id: string }> }) => `/api/courses/${course._id}/lessons/${course.lessons[1]!._id}/video`;

describe('POST /enroll (D16)', () => {
  it('enrols with a verified sandbox payment of the course: 201, then 200 when repeated, the sale booked once', async () => {
    const buyer = await signUpAndLogin(app);
    const paymentId = await api.pay(buyer.user._id, paid._id);
    const res = await api.enroll(buyer.cookie, { courseId: paid._id, transactionId: paymentId, paymentMethod: 'creditcard' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ courseId: paid._id, userId: buyer.user._id, transactionId: paymentId, paymentMethod: 'creditcard', pricePaid: 49.5 });

    const again = await api.enroll(buyer.cookie, { courseId: paid._id, transactionId: paymentId, paymentMethod: 'creditcard' });
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(res.json()._id);
    expect(await enrolmentsOf(buyer.user._id)).toHaveLength(1);
    const entries = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
    expect(entries.filter((e) => e.account !== 'funding').reduce((sum, e) => sum + e.amount, 0)).toBe(4950);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0); // balanced: the money came in through `funding`

    const detail = (await api.getCourse(paid._id, buyer.cookie)).json();
    expect(detail).toMatchObject({ enrolled: true, canWatch: true, progress: 0 });
    expect(detail.lessons[1].videoUrl).not.toBeNull();
    expect((await app.inject({ method: 'GET', url: lockedVideo(paid), headers: { cookie: buyer.cookie, range: 'bytes=0-0' } })).statusCode).toBe(206);
  });

  it('a course paid twice (two checkouts, both paid) enrols once, and the second payment is booked and refunded in full', async () => {
    for (const together of [false, true]) {
      const buyer = await signUpAndLogin(app);
      const first = await api.pay(buyer.user._id, paid._id);
      const second = await api.pay(buyer.user._id, paid._id);
      const enrol = (transactionId: string) => api.enroll(buyer.cookie, { courseId: paid._id, transactionId, paymentMethod: 'creditcard' });
      const answers = together ? await Promise.all([enrol(first), enrol(second)]) : [await enrol(first), await enrol(second)];
      expect(answers.map((r) => r.statusCode).sort(), `together: ${together}`).toEqual([200, 201]);
      expect(await enrolmentsOf(buyer.user._id)).toHaveLength(1);

      const rows = await ctx.db.select().from(payments).where(eq(payments.userId, buyer.user._id));
      expect(rows.map((p) => p.status).sort()).toEqual(['paid', 'refunded']);
      const surplus = rows.find((p) => p.status === 'refunded')!;
      const entries = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, surplus.id));
      expect(entries.filter((e) => e.account === 'refunded').reduce((sum, e) => sum + e.amount, 0)).toBe(4950);
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
      await ctx.jobs.drain();
      expect(await ctx.db.select({ amount: providerRefunds.amount, status: providerRefunds.status }).from(providerRefunds).where(eq(providerRefunds.paymentId, surplus.id))).toEqual([{ amount: 4950, status: 'sent' }]);
      // Repeating the refunded payment's confirmation changes nothing more.
      expect((await enrol(surplus.id)).statusCode).toBe(200);
      expect(await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, surplus.id))).toHaveLength(entries.length);
    }
    await expectLedgerBalanced(ctx.db);
  });

  it('refuses forged, unpaid, declined, foreign and reused transaction ids with 422 and enrols nobody', async () => {
    const buyer = await signUpAndLogin(app);
    const other = await signUpAndLogin(app);
    const other2 = await signUpAndLogin(app);
    const secondPaid = await api.createCourse(creator.cookie, { title: 'Another paid course', price: 10 }, 1);

    const open = await createIntent(ctx, await api.userRow(buyer.user._id), { type: 'course', id: paid._id });
    const declined = await api.pay(buyer.user._id, paid._id, '4000000000000002');
    const forOtherCourse = await api.pay(buyer.user._id, secondPaid._id);
    const byOtherUser = await api.pay(other.user._id, paid._id);
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['no transaction', { courseId: paid._id }],
      ['forged uuid', { courseId: paid._id, transactionId: '00000000-0000-4000-8000-000000000000', paymentMethod: 'creditcard' }],
      ['forged text', { courseId: paid._id, transactionId: 'test-transaction-123', paymentMethod: 'creditcard' }],
      ['not paid yet', { courseId: paid._id, transactionId: open._id }],
      ['declined', { courseId: paid._id, transactionId: declined }],
      ['paid for another course', { courseId: paid._id, transactionId: forOtherCourse }],
      ["another user's payment", { courseId: paid._id, transactionId: byOtherUser }],
    ];
    for (const [what, payload] of attempts) {
      const res = await api.enroll(buyer.cookie, payload);
      expect(res.statusCode, what).toBe(422);
      expect(res.json().message, what).toBe('The payment could not be verified.');
    }
    expect(await enrolmentsOf(buyer.user._id)).toHaveLength(0);
    // The payment for the other course still enrols in that course, once; reused for this one it is refused.
    expect((await api.enroll(buyer.cookie, { courseId: secondPaid._id, transactionId: forOtherCourse })).statusCode).toBe(201);
    expect((await api.enroll(buyer.cookie, { courseId: paid._id, transactionId: forOtherCourse })).statusCode).toBe(422);
    expect(await enrolmentsOf(buyer.user._id)).toHaveLength(0);
    // A payment used by its owner cannot be reused by someone else.
    expect((await api.enroll(other.cookie, { courseId: paid._id, transactionId: byOtherUser })).statusCode).toBe(201);
    expect((await api.enroll(other2.cookie, { courseId: paid._id, transactionId: byOtherUser })).statusCode).toBe(422);
    expect(await enrolmentsOf(other2.user._id)).toHaveLength(0);
    const [used] = await ctx.db.select().from(payments).where(eq(payments.id, byOtherUser));
    expect(used!.usedAt).not.toBeNull();
    // And without an enrolment, still no lesson video.
    expect((await app.inject({ method: 'GET', url: lockedVideo(paid), headers: { cookie: buyer.cookie } })).statusCode).toBe(403);
  });

  it('enrols in a free course with courseId alone, and repeating is harmless', async () => {
    const learner = await signUpAndLogin(app);
    const first = await api.enroll(learner.cookie, { courseId: free._id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ transactionId: null, pricePaid: 0 });
    const second = await api.enroll(learner.cookie, { courseId: free._id });
    expect(second.statusCode).toBe(200);
    expect(await enrolmentsOf(learner.user._id, free._id)).toHaveLength(1);
  });

  it('refuses the creator (409), an unknown course (404), bad input (400) and a visitor (401)', async () => {
    const own = await api.enroll(creator.cookie, { courseId: free._id });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You created this course, so it is already yours.');
    const learner = await signUpAndLogin(app);
    expect((await api.enroll(learner.cookie, { courseId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const bad = await api.enroll(learner.cookie, { courseId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.courseId).toBe('Course not found.');
    expect((await app.inject({ method: 'POST', url: '/api/enroll', payload: { courseId: free._id } })).statusCode).toBe(401);
  });
});

describe('progress and GET /enroll/my', () => {
  it('keeps where the learner is, completion sticks, and the overall percent follows', async () => {
    const learner = await signUpAndLogin(app);
    const course = await api.createCourse(creator.cookie, { price: 0 }, 2);
    expect((await api.enroll(learner.cookie, { courseId: course._id })).statusCode).toBe(201);
    const [one, two] = course.lessons as Array<{ _id: string }>;
    const progress = (lessonId: string, payload: object, cookie = learner.cookie) =>
      app.inject({ method: 'POST', url: `/api/courses/${course._id}/lessons/${lessonId}/progress`, headers: { cookie }, payload });

    const mid = await progress(two!._id, { position: 42.7, completed: false });
    expect(mid.statusCode).toBe(200);
    expect(mid.json()).toEqual({ lessonId: two!._id, position: 42, completed: false, progress: 0 });
    expect((await progress(one!._id, { position: 600, completed: true })).json().progress).toBe(50);
    // An earlier position later does not undo completion.
    expect((await progress(one!._id, { position: 10, completed: false })).json()).toMatchObject({ position: 10, completed: true, progress: 50 });

    const detail = (await api.getCourse(course._id, learner.cookie)).json();
    expect(detail).toMatchObject({ progress: 50, lastLessonId: one!._id });
    expect(detail.lessons.map((l: { completed: boolean; watchedSeconds: number }) => [l.completed, l.watchedSeconds])).toEqual([
      [true, 10],
      [false, 42],
    ]);

    const mine = await app.inject({ method: 'GET', url: '/api/enroll/my', headers: { cookie: learner.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({ _id: course._id, title: course.title, description: course.description, thumbnail: null, progress: 50, lessonCount: 2, completedLessons: 1 }),
    ]);
    expect((await progress(two!._id, { position: 0, completed: true })).json().progress).toBe(100);
  });

  it('refuses progress from someone not enrolled (403), bad positions (400), a visitor (401)', async () => {
    const course = await api.createCourse(creator.cookie, { price: 0 }, 1);
    const stranger = await signUpAndLogin(app);
    const url = `/api/courses/${course._id}/lessons/${course.lessons[0]._id}/progress`;
    const res = await app.inject({ method: 'POST', url, headers: { cookie: stranger.cookie }, payload: { position: 5 } });
    expect(res.statusCode).toBe(403);
    const bad = await app.inject({ method: 'POST', url, headers: { cookie: creator.cookie }, payload: { position: -4 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.position).toBe('The position is a number of seconds.');
    expect((await app.inject({ method: 'POST', url, payload: { position: 5 } })).statusCode).toBe(401);
    // The creator may keep progress too (the learn page is theirs to check).
    expect((await app.inject({ method: 'POST', url, headers: { cookie: creator.cookie }, payload: { position: 5, completed: true } })).json().progress).toBe(100);
  });

  it('answers an empty list for someone with no courses, 401 for a visitor', async () => {
    const nobody = await signUpAndLogin(app);
    expect((await app.inject({ method: 'GET', url: '/api/enroll/my', headers: { cookie: nobody.cookie } })).json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/enroll/my' })).statusCode).toBe(401);
  });
});
