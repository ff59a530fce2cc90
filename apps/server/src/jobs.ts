import type { AppContext } from './context.js';
import { resumePendingAnalyses } from './modules/analysis/index.js';
import { deleteExpiredSessions } from './modules/auth/index.js';
import { deleteUnattachedVideos, settleCoursePayment } from './modules/courses/index.js';
import { deleteExpiredFiles } from './modules/files/index.js';
import { moveLegacyAttachments, sweepUnclaimedAttachments } from './modules/messaging/index.js';
import { sweepUnclaimedFiles, autoCompleteOrders } from './modules/orders/index.js';
import { refreshCatalogueStatistics } from './modules/listings/index.js';
import { remindAutoCompletions, sendDueMails } from './modules/notifications/index.js';
import type { Job } from './platform/jobs/scheduler.js';
import { deleteDoneJobs } from './platform/jobs/queue.js';
import { REFUND_JOB, sendProviderRefund } from './modules/ledger/index.js';
import { COURSE_PAYMENT_JOB } from './modules/payments/index.js';
import { LOGIN_LINK_JOB, PASSWORD_RESET_JOB, sendLoginLinkMail, sendPasswordReset, sendVerificationMail, VERIFICATION_MAIL_JOB } from './modules/auth/index.js';
import { NEWSLETTER_CONFIRMATION_JOB, sendConfirmation } from './modules/support/index.js';
import { MAIL_JOB, sendQueuedMail } from './platform/mail/queued-mail.js';

const MINUTE = 60_000;

/** Everything the server does on a timer; each job's advisory lock is its name's in platform/jobs/lock-keys.ts. */
export function scheduledJobs(ctx: AppContext): Job[] {
  return [
    { name: 'expire-files', everyMs: 10 * MINUTE, run: async () => void (await deleteExpiredFiles(ctx)) },
    { name: 'expire-sessions', everyMs: 60 * MINUTE, run: () => deleteExpiredSessions(ctx.db) },
    // docs/product.md §5.3: delivered orders not accepted within 3 days complete on their own.
    { name: 'auto-complete-orders', everyMs: 10 * MINUTE, run: async () => void (await autoCompleteOrders(ctx)) },
    { name: 'sweep-order-files', everyMs: 60 * MINUTE, run: async () => void (await sweepUnclaimedFiles(ctx)) },
    // Lesson videos uploaded but never attached to a lesson (an abandoned wizard), after a day.
    { name: 'sweep-course-videos', everyMs: 60 * MINUTE, run: async () => void (await deleteUnattachedVideos(ctx, new Date(Date.now() - 24 * 60 * MINUTE))) },
    // Migration 0006: chat attachments still in public /media move to the private store (a no-op once done).
    { name: 'move-chat-attachments', everyMs: 10 * MINUTE, run: async () => void (await moveLegacyAttachments(ctx)) },
    // Scan checks (ADR 0026) left pending by a restart, and meshes stored before migration 0008.
    { name: 'scan-checks', everyMs: 5 * MINUTE, run: async () => void (await resumePendingAnalyses(ctx)) },
    { name: 'sweep-chat-attachments', everyMs: 60 * MINUTE, run: async () => void (await sweepUnclaimedAttachments(ctx)) },
    // PGlite has no autovacuum: fresh planner statistics keep list queries on their indexes (no-op on PostgreSQL).
    // Notification e-mail (ADR 0027): on every instance at once, each claiming its own rows (SKIP LOCKED).
    { name: 'notification-mail', shared: true, everyMs: ctx.config.notifications.mailEveryMs, run: async () => void (await sendDueMails(ctx)) },
    // Buyers told a day before their delivered order completes on its own.
    { name: 'auto-complete-reminders', everyMs: 10 * MINUTE, run: async () => void (await remindAutoCompletions(ctx)) },
    // The durable queue's done jobs, after a month (ADR 0053).
    { name: 'sweep-jobs', everyMs: 60 * MINUTE, run: () => deleteDoneJobs(ctx.db) },
    { name: 'catalogue-statistics', everyMs: 60 * MINUTE, run: () => refreshCatalogueStatistics(ctx) },
  ];
}

/**
 * What the durable queue carries out after a change commits (docs/decisions/0053), kind by kind. A module records
 * its jobs with `enqueueJob` (or `enqueueMail`) in the change's transaction and exports the handler registered here.
 */
export function registerJobHandlers(ctx: AppContext) {
  ctx.jobs.handle(MAIL_JOB, sendQueuedMail(ctx.mailer, ctx.config.publicUrl));
  ctx.jobs.handle(REFUND_JOB, (payload: { key: string }) => sendProviderRefund(ctx, payload));
  ctx.jobs.handle(PASSWORD_RESET_JOB, (payload: { email: string }, job) => sendPasswordReset(ctx, payload, job));
  ctx.jobs.handle(VERIFICATION_MAIL_JOB, (payload: { userId: string }, job) => sendVerificationMail(ctx, payload, job));
  ctx.jobs.handle(COURSE_PAYMENT_JOB, (payload: { paymentId: string }) => settleCoursePayment(ctx, payload));
  ctx.jobs.handle(LOGIN_LINK_JOB, (payload: { userId: string }, job) => sendLoginLinkMail(ctx, payload, job));
  ctx.jobs.handle(NEWSLETTER_CONFIRMATION_JOB, (payload: Parameters<typeof sendConfirmation>[1], job) => sendConfirmation(ctx, payload, job));
}
