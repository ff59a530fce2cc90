import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** An HTML alternative to `text` (notification mail, ADR 0027). */
  html?: string;
  /** A Message-ID of the sender's choosing (`<id@host>`): the same one on every retry of the same mail. */
  messageId?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /**
   * A line the outbox adapter (no SMTP) also prints to the log, and SMTP never sends: what the operator of the
   * embedded default needs from a mail without opening the outbox (the e-mail verification link, ADR 0050).
   * Never set it on a mail whose link grants access (reset, sign-in links).
   */
  logNote?: string;
}

/** Outgoing mail (docs/product.md §4.3). Without SMTP, mail goes to a local outbox that tests read; the log says only that it went. */
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
      let file: string | undefined;
      if (dir) {
        await mkdir(dir, { recursive: true });
        // A mail sent again (its job retried after a crash) has the same Message-ID: it replaces its own file.
        const name = message.messageId ? createHash('sha256').update(message.messageId).digest('hex').slice(0, 32) : randomUUID();
        file = path.join(dir, `${name}.json`);
        // Written whole or not at all (a reader, a developer or a test, never sees half a mail).
        const partial = `${file}.${randomUUID()}.partial`;
        await writeFile(partial, JSON.stringify({ ...message, date: new Date().toISOString() }, null, 2));
        await rename(partial, file);
      }
      // Who and what about, and where it is: never the body, which holds secrets (password-reset links).
      log.info({ mail: { to: message.to, subject: message.subject, file } }, file ? 'mail written to the outbox' : 'mail kept in memory (no outbox)');
      if (message.logNote) log.info({ mail: { to: message.to } }, message.logNote);
    },
  };
}

function smtpMailer(url: string, from: string): Mailer {
  // A server that takes the connection but never answers must not hold a send (and its worker) forever.
  const transport = nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    sent: [],
    async send({ logNote: _logNote, ...message }) {
      await transport.sendMail({ from, ...message });
    },
  };
}
