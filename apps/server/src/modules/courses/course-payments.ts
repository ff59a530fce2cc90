import type { AppContext } from '../../context.js';
import { enrollments } from '../../db/schema/index.js';
import { confirmCoursePayment, unusedCoursePayment } from '../payments/index.js';
import { AppError } from '../../errors.js';
import { notifyEnrolment } from '../notifications/index.js';

/**
 * Verifies a course payment with the payments module (paid with the provider, by this user, for this
 * course, never used before; 422 otherwise) and enrols in the same transaction that claims it and books
 * the sale (docs/product.md §6.3). Returns whether the enrolment is new; a payment already used for this same learner and
 * course enrols nothing again, and one for a course the learner already has is refunded (`refunded`).
 */
export async function confirmPaidEnrolment(ctx: AppContext, args: { transactionId: string; userId: string; courseId: string }): Promise<{ fresh: boolean; refunded?: true }> {
  return confirmCoursePayment(ctx, args, async (tx, payment) => {
    // Enrolled already (another checkout, paid first or at the same moment): this payment enrols nothing.
    const [row] = await tx.insert(enrollments).values({ courseId: args.courseId, userId: args.userId, paymentId: payment.id, pricePaid: payment.amount }).onConflictDoNothing({ target: [enrollments.courseId, enrollments.userId] }).returning();
    if (!row) return false;
    await notifyEnrolment(ctx, tx, args); // the creator is told (ADR 0027)
    return true;
  });
}

/**
 * The `course-payment` job: a course payment the provider confirmed by webhook, settled as `POST /enroll` would
 * (verified again with the provider, enrolled, or refunded if the learner already has the course). A payment the
 * provider does not confirm, or one used meanwhile, is left alone.
 */
export async function settleCoursePayment(ctx: AppContext, payload: { paymentId: string }): Promise<void> {
  const payment = await unusedCoursePayment(ctx, payload.paymentId);
  if (!payment) return;
  await confirmPaidEnrolment(ctx, payment).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error; // not verified: nothing to settle
  });
}
