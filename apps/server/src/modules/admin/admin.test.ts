import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { applyAdminCommand, isAdminCommand } from './admin.service.js';

const { app, ctx } = await useTestApp();

it('grants and revokes administrator rights by e-mail, and verifies designers', async () => {
  const { input, user } = await signUpAndLogin(app);
  expect(await applyAdminCommand(ctx.db, 'grant', ` ${input.email.toUpperCase()} `)).toBe(input.username);
  const row = async () => (await ctx.db.select().from(users).where(eq(users.id, user._id)))[0]!;
  expect((await row()).isAdmin).toBe(true);
  await applyAdminCommand(ctx.db, 'verify', input.email);
  expect((await row()).isVerified).toBe(true);
  await applyAdminCommand(ctx.db, 'revoke', input.email);
  expect((await row()).isAdmin).toBe(false);
});

it('reports an unknown e-mail and refuses unknown commands', async () => {
  expect(await applyAdminCommand(ctx.db, 'grant', 'ghost@example.com')).toBeNull();
  expect(isAdminCommand('grant')).toBe(true);
  expect(isAdminCommand('drop')).toBe(false);
  expect(isAdminCommand('toString')).toBe(false);
});

it('cannot be reached over HTTP: /auth/me never lets a user raise their own rights', async () => {
  const { cookie } = await signUpAndLogin(app);
  const res = await app.inject({ method: 'PATCH', url: '/api/auth/me', headers: { cookie }, payload: { isAdmin: true } });
  expect(res.statusCode).toBe(404);
});
