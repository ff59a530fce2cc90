import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The sign-up's address confirmation (ADR 0050): sent by the queue for every new test user, beside what a test counts. */
export const isAddressConfirmation = (mail: ParsedMail) => (mail.text ?? '').includes('/verify-email?token=');

/**
 * A real SMTP server for tests (npm smtp-server): what it receives is parsed with mailparser, and kept in `received`
 * unless `except` says to pass it over. `stop()` closes it (connections are then refused), `start()` opens it again on
 * the same port.
 */
export async function startSmtpServer(options: { except?: (mail: ParsedMail) => boolean } = {}) {
  const received: ParsedMail[] = [];
  let port = 0;
  let server: SMTPServer | null = null;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const next = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream).then(
            (mail) => {
              if (!options.except?.(mail)) received.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        },
      });
      next.on('error', () => {});
      next.listen(port, '127.0.0.1', () => {
        port = (next.server.address() as AddressInfo).port;
        server = next;
        resolve();
      });
      next.server.once('error', reject);
    });
  await open();
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: open,
  };
}
