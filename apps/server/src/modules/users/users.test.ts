import { expect, it, describe } from 'vitest';
import { newServiceInput, signUpAndLogin, signUpDesigner, useTestApp } from '../../../test/helper.js';

const { app, ctx } = await useTestApp();
const patch = (url: string, cookie: string | undefined, payload: object) =>
  app.inject({ method: 'PATCH', url, headers: cookie ? { cookie } : {}, payload });

describe('completing the designer profile (D8)', () => {
  it('turns a buyer into a designer with a list of specializations', async () => {
    const { cookie } = await signUpAndLogin(app);
    const res = await patch('/api/users/profile', cookie, {
      role: 'Crown, Implant',
      experience: '5-10',
      description: 'Implant bars and crowns.',
      website: 'https://lab.example',
      software: ['exocad', '3Shape', 'exocad'],
      isDesigner: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isDesigner: true, isSeller: true, role: 'Crown, Implant', tags: ['Crown', 'Implant'], software: ['exocad', '3Shape'], website: 'https://lab.example' });
  });

  it("answers the messages of docs/product.md §4.5 for missing fields and changes nothing", async () => {
    const { cookie } = await signUpAndLogin(app);
    const res = await patch('/api/users/profile', cookie, { role: [], website: 'not a url' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      role: 'Please fill in the role field.',
      experience: 'Please fill in the experience field.',
      description: 'Please fill in the description field.',
      website: 'Please enter a valid website address, such as https://example.com.',
    });
    const me = await app.inject({ method: 'GET', url: '/api/users/profile', headers: { cookie } });
    expect(me.json().isDesigner).toBe(false);
  });

  it('refuses a specialization outside the list, and wallpapers that were not uploaded here', async () => {
    const { cookie } = await signUpAndLogin(app);
    const res = await patch('/api/users/profile', cookie, { role: ['Crown', 'Astrology'], experience: '1-3', description: 'x', wallpaper: 'https://evil.example/a.png' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['role.1', 'wallpaper']);
  });

  it('requires a login', async () => {
    expect((await patch('/api/users/profile', undefined, {})).statusCode).toBe(401);
  });
});

describe('profiles (D9)', () => {
  it('shows a public profile without e-mail or phone, with figures from real services', async () => {
    const designer = await signUpDesigner(app);
    for (const toothPrice of [20, 80.5]) {
      await app.inject({ method: 'POST', url: '/api/services', headers: { cookie: designer.cookie }, payload: newServiceInput({ toothPrice }) });
    }
    const res = await app.inject({ method: 'GET', url: `/api/users/profile/${designer.user._id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('phone');
    expect(body.stats).toEqual({ rating: 0, reviews: 0, services: 2, completedOrders: 0, priceRange: { min: 20, max: 80.5 } });
  });

  it('lets the owner edit in place', async () => {
    const { cookie, user } = await signUpDesigner(app);
    const res = await patch(`/api/users/profile/${user._id}`, cookie, { description: 'Now also veneers.', experience: '10+' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: 'Now also veneers.', experience: '10+' });
  });

  it('refuses anyone else with the exact message and changes nothing', async () => {
    const owner = await signUpDesigner(app);
    const other = await signUpAndLogin(app);
    const res = await patch(`/api/users/profile/${owner.user._id}`, other.cookie, { description: 'hacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You are not authorized to edit this profile.', code: 'PROFILE_NOT_YOURS' });
    const after = await app.inject({ method: 'GET', url: `/api/users/profile/${owner.user._id}` });
    expect(after.json().description).toBe('Crowns and bridges in exocad.');
  });

  it('refuses fields that are not editable (such as the designer or admin flags)', async () => {
    const { cookie, user } = await signUpAndLogin(app);
    const res = await patch(`/api/users/profile/${user._id}`, cookie, { isAdmin: true, isVerified: true });
    expect(res.statusCode).toBe(400);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ isAdmin: false, isVerified: false });
  });

  it("answers 404 'User data not found.' for an unknown user", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/profile/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User data not found.');
  });
});

describe('GET /users?isDesigner=true', () => {
  it('lists designers only, searchable by name prefix and filtered by specialization', async () => {
    const a = await signUpDesigner(app, { role: ['Ortho'], description: 'Clear aligner setups.' });
    const buyer = await signUpAndLogin(app);
    const all = await app.inject({ method: 'GET', url: '/api/users?isDesigner=true&limit=100' });
    const ids = all.json().map((u: { _id: string }) => u._id);
    expect(ids).toContain(a.user._id);
    expect(ids).not.toContain(buyer.user._id);
    expect(Number(all.headers['x-total-count'])).toBe(ids.length);
    for (const u of all.json()) expect(u).not.toHaveProperty('email');

    const byTag = await app.inject({ method: 'GET', url: '/api/users?isDesigner=true&tag=Ortho' });
    expect(byTag.json().map((u: { _id: string }) => u._id)).toEqual([a.user._id]);
    const search = await app.inject({ method: 'GET', url: `/api/users?isDesigner=true&search=${encodeURIComponent('aligner')}` });
    expect(search.json().map((u: { _id: string }) => u._id)).toEqual([a.user._id]);
    const prefix = await app.inject({ method: 'GET', url: `/api/users?isDesigner=true&search=${a.user.username.slice(0, 8)}` });
    expect(prefix.json().map((u: { _id: string }) => u._id)).toContain(a.user._id);
  });
});

describe('GET /users?isDesigner=true, order and figures', () => {
  it('puts verified designers first, then the newest, with figures from visible services and a total on every page', async () => {
    const tag = 'Pediatric';
    const older = await signUpDesigner(app, { role: [tag] });
    const verified = await signUpDesigner(app, { role: [tag] });
    const newer = await signUpDesigner(app, { role: [tag] });
    await ctx.database.query('update users set is_verified = true where id = $1', [verified.user._id]);
    for (const toothPrice of [15, 25]) {
      await app.inject({ method: 'POST', url: '/api/services', headers: { cookie: newer.cookie }, payload: newServiceInput({ toothPrice }) });
    }
    await ctx.database.query(`update services set hidden = true where user_id = $1 and tooth_price = 2500`, [newer.user._id]);

    const res = await app.inject({ method: 'GET', url: `/api/users?isDesigner=true&tag=${tag}` });
    expect(res.json().map((u: { _id: string }) => u._id)).toEqual([verified.user._id, newer.user._id, older.user._id]);
    expect(res.headers['x-total-count']).toBe('3');
    const [, withServices, without] = res.json();
    expect(withServices.stats).toEqual({ rating: 0, reviews: 0, services: 1, completedOrders: 0, priceRange: { min: 15, max: 15 } });
    expect(without.stats).toEqual({ rating: 0, reviews: 0, services: 0, completedOrders: 0, priceRange: null });

    const page = await app.inject({ method: 'GET', url: `/api/users?isDesigner=true&tag=${tag}&limit=2&offset=2` });
    expect(page.json().map((u: { _id: string }) => u._id)).toEqual([older.user._id]);
    expect(page.headers['x-total-count']).toBe('3');
    const past = await app.inject({ method: 'GET', url: `/api/users?isDesigner=true&tag=${tag}&limit=2&offset=10` });
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
  });
});
