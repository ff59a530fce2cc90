import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type EnrolledCourseJson, type enrollInput, type LessonProgressJson, type lessonProgressInput } from '@cusp/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { courses, enrollments, lessonProgress, lessons, users, type EnrollmentRow, type PaymentRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { percentOf, toEnrollmentJson } from './courses.presenter.js';
import { authorizeCourse, courseViewer } from './courses.policy.js';
import { courseColumns, isUuid, lessonStatsFor, loadCourse } from './courses.service.js';
import { notifyEnrolment } from '../notifications/index.js';
import { bookCourseSale, bookSurplusPayment } from '../ledger/index.js';
import { verifyCoursePayment } from '../payments/index.js';

async function findEnrolment(ctx: AppContext, courseId: string, userId: string): Promise<EnrollmentRow | null> {
  const [row] = await ctx.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * `POST /enroll` (docs/product.md §10.3, §6.3). A free course enrols at once. A paid one only with a payment the server has
 * verified with the provider: paid, by this user, for this course, at its price, never used before
 * (422 otherwise, nothing changes). Enrolling again answers the existing enrolment with 200.
 */
export async function enroll(ctx: AppContext, user: UserRow, input: z.output<typeof enrollInput>) {
  const { course } = await loadCourse(ctx, input.courseId);
  const existing = await findEnrolment(ctx, course.id, user.id);
  authorizeCourse(course, { id: user.id, enrolled: !!existing }, 'enrol');
  if (existing) {
    // A second checkout paid for a course the learner already has: its payment is refunded, not kept. Anything
    // else about it (not paid, not theirs, used) changes nothing for someone already enrolled.
    if (input.transactionId && course.price > 0) {
      await confirmPaidEnrolment(ctx, { transactionId: input.transactionId, userId: user.id, courseId: course.id }).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
    }
    return { status: 200 as const, enrollment: toEnrollmentJson(existing, ctx.config.currency) };
  }

  if (course.price === 0) {
    const row = await ctx.db.transaction((tx) => enrol(ctx, tx, { courseId: course.id, userId: user.id, payment: null }));
    if (row) return { status: 201 as const, enrollment: toEnrollmentJson(row, ctx.config.currency) };
    return { status: 200 as const, enrollment: toEnrollmentJson((await findEnrolment(ctx, course.id, user.id))!, ctx.config.currency) };
  }

  if (!input.transactionId) throw new AppError('PAYMENT_NOT_VERIFIED');
  // Two confirmations of different payments at once: one enrols, the other's payment is refunded (confirmPaidEnrolment).
  const { fresh } = await confirmPaidEnrolment(ctx, { transactionId: input.transactionId, userId: user.id, courseId: course.id });
  const row = await findEnrolment(ctx, course.id, user.id);
  if (!row) throw new AppError('PAYMENT_NOT_VERIFIED');
  return { status: fresh ? (201 as const) : (200 as const), enrollment: toEnrollmentJson(row, ctx.config.currency) };
}

/**
 * The one enrolment: the learner joins the course, free (`payment` null) or with the payment just claimed for it,
 * and its creator is told (ADR 0027). Null when the learner had it already (another checkout, paid first or at the
 * same moment): nothing is written.
 */
async function enrol(ctx: AppContext, tx: Tx, e: { courseId: string; userId: string; payment: Pick<PaymentRow, 'id' | 'amount'> | null }): Promise<EnrollmentRow | null> {
  const [row] = await tx
    .insert(enrollments)
    .values({ courseId: e.courseId, userId: e.userId, paymentId: e.payment?.id ?? null, pricePaid: e.payment?.amount ?? 0 })
    .onConflictDoNothing({ target: [enrollments.courseId, enrollments.userId] })
    .returning();
  if (row) await notifyEnrolment(ctx, tx, row);
  return row ?? null;
}

/**
 * A paid enrolment (docs/product.md §6.3): the payments module verifies `transactionId` with the provider (paid, by
 * this user, for this course, never used before; 422 otherwise); then, in one transaction, it is claimed once, the
 * learner enrolled and the sale booked. Returns whether the enrolment is new: a payment already used enrols nothing
 * again, and one for a course the learner already has (two checkouts, both paid) is booked and refunded in that
 * same transaction (`refunded`): every payment the provider confirms ends in the ledger, and none is kept for nothing.
 */
export async function confirmPaidEnrolment(ctx: AppContext, args: { transactionId: string; userId: string; courseId: string }): Promise<{ fresh: boolean; refunded?: true }> {
  const [course] = await ctx.db.select({ id: courses.id, creatorId: courses.creatorId }).from(courses).where(eq(courses.id, args.courseId));
  if (!course) throw new AppError('PAYMENT_NOT_VERIFIED');
  const verified = await verifyCoursePayment(ctx, args);
  if (!verified) return { fresh: false };
  return ctx.db.transaction(async (tx) => {
    const payment = await verified.claim(tx);
    if (!payment) return { fresh: false };
    const sale = { paymentId: payment.id, courseId: course.id, amount: payment.amount };
    if (!(await enrol(ctx, tx, { courseId: course.id, userId: args.userId, payment }))) {
      await bookSurplusPayment(tx, sale);
      return { fresh: false, refunded: true as const };
    }
    await bookCourseSale(tx, { ...sale, creatorId: course.creatorId, feePercent: ctx.config.payments.feePercent });
    return { fresh: true };
  });
}

/** `GET /enroll/my`: the caller's courses, newest enrolment first, each with its progress (0-100). */
export async function myCourses(ctx: AppContext, user: UserRow): Promise<EnrolledCourseJson[]> {
  const rows = await ctx.db
    .select({ course: courseColumns, creatorName: users.username, enrolledAt: enrollments.createdAt, lastLessonId: enrollments.lastLessonId })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(eq(enrollments.userId, user.id))
    .orderBy(desc(enrollments.createdAt));
  const ids = rows.map((r) => r.course.id);
  const stats = await lessonStatsFor(ctx.db, ids);
  const done = new Map<string, number>();
  if (ids.length) {
    // Only lessons that still exist count (progress rows of removed lessons went with them).
    const grouped = await ctx.db
      .select({ courseId: lessonProgress.courseId, count: sql<number>`count(*)::int` })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, user.id), eq(lessonProgress.completed, true), inArray(lessonProgress.courseId, ids)))
      .groupBy(lessonProgress.courseId);
    for (const g of grouped) done.set(g.courseId, g.count);
  }
  return rows.map(({ course, creatorName, enrolledAt, lastLessonId }) => {
    const lessonCount = stats.get(course.id)?.count ?? 0;
    const completedLessons = Math.min(done.get(course.id) ?? 0, lessonCount);
    return {
      _id: course.id,
      title: course.title,
      description: course.description,
      thumbnail: course.thumbnail,
      progress: percentOf(completedLessons, lessonCount),
      lessonCount,
      completedLessons,
      lastLessonId,
      creatorName,
      enrolledAt: enrolledAt.toISOString(),
    };
  });
}

/**
 * `POST /courses/{id}/lessons/{lessonId}/progress`: where the creator or an enrolled learner is in a
 * lesson. Completion sticks: once a lesson is done, a later report of an earlier position does not undo it.
 */
export async function saveProgress(
  ctx: AppContext,
  user: UserRow,
  courseId: string,
  lessonId: string,
  input: z.output<typeof lessonProgressInput>,
): Promise<LessonProgressJson> {
  const { course } = await loadCourse(ctx, courseId);
  const [lesson] = isUuid(lessonId)
    ? await ctx.db
        .select({ id: lessons.id })
        .from(lessons)
        .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
        .limit(1)
    : [];
  if (!lesson) throw new AppError('LESSON_NOT_FOUND');
  const enrolled = authorizeCourse(course, await courseViewer(ctx.db, course, user), 'watch') === 'learner';

  const now = new Date();
  const [saved] = await ctx.db
    .insert(lessonProgress)
    .values({ userId: user.id, lessonId, courseId, position: input.position, completed: input.completed, updatedAt: now })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: { position: input.position, completed: sql`${lessonProgress.completed} or ${input.completed}`, updatedAt: now },
    })
    .returning();
  if (enrolled) {
    await ctx.db
      .update(enrollments)
      .set({ lastLessonId: lessonId })
      .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, user.id)));
  }
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(lessons).where(eq(lessons.courseId, courseId));
  const [{ completed } = { completed: 0 }] = await ctx.db
    .select({ completed: sql<number>`count(*)::int` })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, user.id), eq(lessonProgress.courseId, courseId), eq(lessonProgress.completed, true)));
  return { lessonId, position: saved!.position, completed: saved!.completed, progress: percentOf(completed, total) };
}
