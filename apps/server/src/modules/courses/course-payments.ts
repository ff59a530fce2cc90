import type { AppContext } from '../../context.js';
import { unusedCoursePayment } from '../payments/index.js';
import { AppError } from '../../errors.js';
import { confirmPaidEnrolment } from './enrollments.service.js';

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
