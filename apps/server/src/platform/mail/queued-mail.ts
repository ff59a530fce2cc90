import type { Tx } from '../../db/client.js';
import { enqueueJob } from '../jobs/queue.js';
import type { Mailer, MailMessage } from './mailer.js';

/** The durable queue's kind for one outgoing mail (docs/decisions/0053). */
export const MAIL_JOB = 'mail';

/**
 * Records a mail to send once the caller's transaction commits; `key` names it among every mail ever sent (the same
 * key twice is one mail), and becomes its Message-ID, so a resend after a crash is the same message to the receiver.
 */
export function enqueueMail(tx: Tx, key: string, message: MailMessage): Promise<void> {
  return enqueueJob(tx, MAIL_JOB, `mail:${key}`, message);
}

/**
 * The Message-ID of the mail a job sends: the same on every run of that job, so a mail sent again after a crash is the
 * same message (and the same outbox file) rather than a second one.
 */
export const messageIdOfJob = (jobKey: string, publicUrl: string) => `<${jobKey.replace(/[^\w.-]/g, '.')}@${new URL(publicUrl).hostname}>`;

/** The job's handler: sends the recorded mail. */
export function sendQueuedMail(mailer: Mailer, publicUrl: string) {
  return (message: MailMessage, job: { key: string }) => mailer.send({ ...message, messageId: message.messageId ?? messageIdOfJob(job.key, publicUrl) });
}
