import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (npm smtp-server): what it receives is parsed with mailparser. `stop()` closes it
 * (connections are then refused), `start()` opens it again on the same port.
 */
export async function startSmtpServer() {
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
              received.push(mail);
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
