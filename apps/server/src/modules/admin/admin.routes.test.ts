import { expect, it } from 'vitest';
import { newServiceInput, signUpAndLogin, signUpDesigner, useTestApp } from '../../../test/helper.js';
import { applyAdminCommand } from './admin.service.js';

const { app, ctx } = await useTestApp();
const admin = await signUpAndLogin(app);
await applyAdminCommand(ctx.db, 'grant', admin.input.email);
const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

it('is closed to visitors (401) and to users who are not administrators (403)', async () => {
  const user = await signUpAndLogin(app);
  for (const url of ['/api/admin/designers', '/api/admin/services', '/api/admin/tickets']) {
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, user.cookie)).statusCode).toBe(403);
  }
  const designer = await signUpDesigner(app);
  const selfVerify = await app.inject({ method: 'PATCH', url: `/api/admin/users/${designer.user._id}`, headers: { cookie: designer.cookie }, payload: { isVerified: true } });
  expect(selfVerify.statusCode).toBe(403);
});

it('lists pending designers and verifies one, which shows on the public profile (D10)', async () => {
  const designer = await signUpDesigner(app);
  const pending = await get('/api/admin/designers?status=pending', admin.cookie);
  expect(pending.json().map((u: { _id: string }) => u._id)).toContain(designer.user._id);
  const res = await app.inject({ method: 'PATCH', url: `/api/admin/users/${designer.user._id}`, headers: { cookie: admin.cookie }, payload: { isVerified: true } });
  expect(res.statusCode).toBe(200);
  const profile = await get(`/api/users/profile/${designer.user._id}`);
  expect(profile.json().isVerified).toBe(true);
  const verified = await get('/api/admin/designers?status=verified', admin.cookie);
  expect(verified.json().map((u: { _id: string }) => u._id)).toContain(designer.user._id);
});

it('reads support tickets, newest first', async () => {
  for (const subject of ['First', 'Second']) {
    await app.inject({ method: 'POST', url: '/api/support/tickets', payload: { name: 'N', email: 'n@example.com', subject, message: 'Hello' } });
  }
  const res = await get('/api/admin/tickets', admin.cookie);
  expect(res.json().map((t: { subject: string }) => t.subject)).toEqual(['Second', 'First']);
});

it('lists designers newest first within a status, verified first under "all"; services include hidden ones', async () => {
  const first = await signUpDesigner(app);
  const second = await signUpDesigner(app);
  const third = await signUpDesigner(app);
  await app.inject({ method: 'PATCH', url: `/api/admin/users/${first.user._id}`, headers: { cookie: admin.cookie }, payload: { isVerified: true } });
  const ids = async (status: string) => ((await get(`/api/admin/designers?status=${status}`, admin.cookie)).json() as Array<{ _id: string }>).map((u) => u._id);
  const mine = (list: string[]) => list.filter((id) => [first.user._id, second.user._id, third.user._id].includes(id));
  expect(mine(await ids('pending'))).toEqual([third.user._id, second.user._id]);
  expect(mine(await ids('verified'))).toEqual([first.user._id]);
  expect(mine(await ids('all'))).toEqual([first.user._id, third.user._id, second.user._id]);
  // Administrators see e-mails (to contact a designer being vetted).
  expect((await get('/api/admin/designers?status=pending', admin.cookie)).json()[0]).toHaveProperty('email');

  const service = (await app.inject({ method: 'POST', url: '/api/services', headers: { cookie: third.cookie }, payload: newServiceInput({ title: 'Hidden one' }) })).json();
  await app.inject({ method: 'PATCH', url: `/api/admin/services/${service._id}`, headers: { cookie: admin.cookie }, payload: { hidden: true } });
  const listed = await get('/api/admin/services?sort=createdAt&limit=5', admin.cookie);
  expect(listed.json()[0]).toMatchObject({ _id: service._id, hidden: true, userID: { _id: third.user._id } });
  expect(Number(listed.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
  const publicList = await get('/api/gigs?sort=createdAt&limit=5');
  expect(publicList.json().map((s: { _id: string }) => s._id)).not.toContain(service._id);
});
