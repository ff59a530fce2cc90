import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** Outgoing mail (D7). Without SMTP, mail goes to the log and a local outbox that tests read. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** What was sent through the outbox adapter in this process (tests read it); empty for SMTP. */
  readonly sent: ReadonlyArray<MailMessage>;
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string | null;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) return smtpMailer(options.smtpUrl, options.from);
  return outboxMailer(options.outboxDir, options.log);
}

function outboxMailer(dir: string | null, log: FastifyBaseLogger): Mailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      log.info({ mail: { to: message.to, subject: message.subject } }, `mail (outbox):\n${message.text}`);
      if (dir) {
        await mkdir(dir, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
        await writeFile(path.join(dir, name), JSON.stringify(message, null, 2));
      }
    },
  };
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    sent: [],
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
