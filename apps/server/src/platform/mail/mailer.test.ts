import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('without SMTP, logs only who a mail went to and its subject; the body (a reset link) stays in the outbox', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cusp-outbox-'));
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const mailer = createMailer({ from: 'Cusp <no-reply@cusp.test>', outboxDir: dir, log });
  const secret = 'http://localhost:3000/reset-password/9f8e7d6c5b4a39281706f5e4d3c2b1a0';
  await mailer.send({ to: 'buyer@cusp.test', subject: 'Reset your password', text: `Open ${secret} within an hour.` });

  const logged = lines.join('\n');
  expect(lines).toHaveLength(1);
  const entry = JSON.parse(lines[0]!);
  expect(entry.mail).toMatchObject({ to: 'buyer@cusp.test', subject: 'Reset your password' });
  expect(logged).not.toContain(secret);
  expect(logged).not.toContain('within an hour');
  // The outbox keeps the whole mail, for a developer to open the link.
  const [file] = await readdir(dir);
  expect(entry.mail.file).toBe(path.join(dir, file!));
  expect(JSON.parse(await readFile(path.join(dir, file!), 'utf8')).text).toContain(secret);
});

it("without SMTP, also logs a mail's note (the verification link, ADR 0050), and only that", async () => {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const mailer = createMailer({ from: 'Cusp <no-reply@cusp.test>', outboxDir: null, log });
  const note = 'No SMTP: new@example.com confirms their address at http://localhost:3000/verify-email?token=abc';
  await mailer.send({ to: 'new@example.com', subject: 'Confirm your Cusp email address', text: 'The body, with the link.', logNote: note });
  expect(lines).toHaveLength(2);
  expect(JSON.parse(lines[1]!)).toMatchObject({ msg: note, mail: { to: 'new@example.com' } });
  expect(lines.join('\n')).not.toContain('The body');
});
