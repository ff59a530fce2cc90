import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COURSE_ACTIONS, COURSE_POLICY, COURSE_ROLES, courseActionRoles, courseRefusal, ERRORS, type CourseAction, type CourseRole } from '@cusp/shared';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { enrollments, lessonProgress, payments, users } from '../../db/schema/index.js';
import { coursesApi } from './test-support.js';

/**
 * COURSE_POLICY (packages/shared/src/policies/courses.ts, docs/decisions/0030) walked through the HTTP API: every
 * action × a paid and a free course × visitor, member, administrator, enrolled learner and creator. The table is
 * first held to docs/product.md §10 (so a walk where everything is refused cannot pass), then every request must
 * succeed where the table allows it and answer the table's refusal, changing nothing, where it does not.
 */
const { app, ctx } = await useTestApp();
const api = coursesApi(app, ctx);

/** docs/product.md §10.2-§10.5, written out: who may do each thing (before conditions such as "a paid course"). */
const PRODUCT: Record<CourseAction, CourseRole[]> = {
  watch: ['learner', 'creator'], // §10.2: the creator and enrolled learners; previews for anyone
  edit: ['creator'], // §10.5
  enrol: ['member', 'learner'], // §10.3: not the creator; enrolling again is harmless
  buy: ['member'], // §6.3, §10.3: a member not yet enrolled pays for a paid course
};

const creator = await signUpAndLogin(app);
const paid = await api.createCourse(creator.cookie, { title: 'Policy walk, paid', price: 20 });
const free = await api.createCourse(creator.cookie, { title: 'Policy walk, free', price: 0 });
const COURSES = { paid, free } as const;

type Viewer = 'visitor' | 'member' | 'admin' | 'learner' | 'creator';
const VIEWERS: Viewer[] = ['visitor', 'member', 'admin', 'learner', 'creator'];
/** An administrator is a member to a course (docs/product.md §2.4 gives them no course rights). */
const roleOf = (viewer: Viewer): CourseRole => (viewer === 'admin' ? 'member' : viewer);

/** A fresh caller of that kind for this course: a cookie (none for a visitor) and their id. */
async function caller(viewer: Viewer, course: { _id: string }): Promise<{ cookie?: string; id: string | null }> {
  if (viewer === 'visitor') return { id: null };
  if (viewer === 'creator') return { cookie: creator.cookie, id: creator.user._id };
  const member = await signUpAndLogin(app);
  if (viewer === 'admin') await ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, member.user._id));
  if (viewer === 'learner') {
    const payload: Record<string, unknown> = { courseId: course._id };
    if (course === paid) payload.transactionId = await api.pay(member.user._id, paid._id);
    expect((await api.enroll(member.cookie, payload)).statusCode).toBe(201);
  }
  return { cookie: member.cookie, id: member.user._id };
}

const headers = (cookie?: string) => (cookie ? { cookie } : {});

/** What the database holds that an action could change. */
async function snapshot(courseId: string) {
  const [e] = await ctx.db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, courseId));
  const [p] = await ctx.db.select({ n: count() }).from(payments).where(and(eq(payments.itemType, 'course'), eq(payments.itemId, courseId)));
  const [l] = await ctx.db.select({ n: count() }).from(lessonProgress).where(eq(lessonProgress.courseId, courseId));
  const detail = (await api.getCourse(courseId)).json();
  return { enrolments: e!.n, payments: p!.n, progress: l!.n, title: detail.title, updatedAt: detail.updatedAt };
}

/** Takes the action over HTTP; `ok` is whether the policy let it through. */
async function act(action: CourseAction, course: (typeof COURSES)[keyof typeof COURSES], who: { cookie?: string }) {
  const locked = course.lessons[1]!._id;
  switch (action) {
    case 'watch': {
      const video = await app.inject({ method: 'GET', url: `/api/courses/${course._id}/lessons/${locked}/video`, headers: { ...headers(who.cookie), range: 'bytes=0-0' } });
      // Progress needs a login at the route; for a visitor the stream's answer is the policy's.
      const progress = who.cookie
        ? await app.inject({ method: 'POST', url: `/api/courses/${course._id}/lessons/${locked}/progress`, headers: headers(who.cookie), payload: { position: 3, completed: false } })
        : video;
      expect(progress.statusCode === 200).toBe(video.statusCode === 206); // the stream and progress agree
      return { ok: video.statusCode === 206, res: video };
    }
    case 'edit': {
      const res = await app.inject({ method: 'PATCH', url: `/api/courses/${course._id}`, headers: headers(who.cookie), payload: { description: `${course.description} ` } });
      return { ok: res.statusCode === 200, res };
    }
    case 'enrol': {
      // A paid course without a payment passes the policy and stops at the payment check (422).
      const res = await app.inject({ method: 'POST', url: '/api/enroll', headers: headers(who.cookie), payload: { courseId: course._id } });
      return { ok: [200, 201].includes(res.statusCode) || res.json().code === 'PAYMENT_NOT_VERIFIED', res };
    }
    case 'buy': {
      const res = await app.inject({ method: 'POST', url: '/api/payments/intents', headers: headers(who.cookie), payload: { type: 'course', id: course._id } });
      return { ok: res.statusCode === 201, res };
    }
  }
}

describe('COURSE_POLICY', () => {
  it('says what docs/product.md §10 says, for every action and role', () => {
    for (const action of COURSE_ACTIONS) expect(courseActionRoles(action), action).toEqual(COURSE_ROLES.filter((r) => PRODUCT[action].includes(r)));
    // Every refusal is a 401, 403 or 409 of the error table: never a 404 that would hide the course.
    for (const action of COURSE_ACTIONS) {
      for (const answer of Object.values(COURSE_POLICY[action].roles)) if (answer !== 'allow') expect([401, 403, 409]).toContain(ERRORS[answer].status);
    }
  });

  for (const [kind, course] of Object.entries(COURSES)) {
    for (const viewer of VIEWERS) {
      it(`${kind} course, ${viewer}: the page presents the policy, every action answers it`, async () => {
        const who = await caller(viewer, course);
        const facts = { creatorId: creator.user._id, price: course.price };
        const policyViewer = who.id ? { id: who.id, enrolled: viewer === 'learner' } : null;
        const may = (action: CourseAction) => courseRefusal(facts, policyViewer, action) === null;
        expect(may('watch') || may('enrol') || may('edit') || viewer === 'visitor').toBe(true);
        for (const action of COURSE_ACTIONS) {
          // The table alone decides, and it agrees with the product for this viewer.
          const inProduct = PRODUCT[action].includes(roleOf(viewer)) && (action !== 'buy' || course.price > 0);
          expect(may(action), `${action} by ${viewer}`).toBe(inProduct);
        }

        // What the course page presents.
        const detail = (await api.getCourse(course._id, who.cookie)).json();
        expect(detail).toMatchObject({ isCreator: may('edit'), canWatch: may('watch'), enrolled: viewer === 'learner' });
        expect(detail.lessons[0].videoUrl).not.toBeNull(); // the free preview, for anyone
        expect(detail.lessons[1].videoUrl !== null).toBe(may('watch'));
        expect('videoRef' in detail.lessons[1]).toBe(may('edit'));
        const preview = await app.inject({ method: 'GET', url: `/api/courses/${course._id}/lessons/${course.lessons[0]._id}/video`, headers: { ...headers(who.cookie), range: 'bytes=0-0' } });
        expect(preview.statusCode).toBe(206);

        // What each request answers; enrolling last, as a member who enrols in a free course becomes a learner.
        for (const action of ['watch', 'edit', 'buy', 'enrol'] as const) {
          const before = await snapshot(course._id);
          const { ok, res } = await act(action, course, who);
          expect(ok, `${action} by ${viewer}: ${res.statusCode} ${res.body}`).toBe(may(action));
          if (!ok) {
            const refusal = courseRefusal(facts, policyViewer, action)!;
            expect(res.statusCode, `${action} by ${viewer}`).toBe(ERRORS[refusal.code].status);
            expect(res.json()).toMatchObject({ code: refusal.code, message: refusal.message });
            expect(await snapshot(course._id), `${action} by ${viewer} changed something`).toEqual(before);
          }
        }
      });
    }
  }

  it('gives the creator one answer to enrolling and to buying: 409, the course is already theirs', async () => {
    for (const res of [await api.enroll(creator.cookie, { courseId: paid._id }), await app.inject({ method: 'POST', url: '/api/payments/intents', headers: { cookie: creator.cookie }, payload: { type: 'course', id: paid._id } })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'COURSE_OWN_ENROLMENT', message: 'You created this course, so it is already yours.' });
    }
  });
});
