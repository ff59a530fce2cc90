import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@cusp/shared';
import { newServiceInput, signUpAndLogin, signUpDesigner, useTestApp } from '../../../test/helper.js';
import { applyAdminCommand } from '../admin/index.js';
import { announcementsHeard } from './catalogue-index/catalogue-index.js';
import { refreshCatalogueStatistics } from './statistics.js';

const { app, ctx } = await useTestApp();
const designer = await signUpDesigner(app);
const create = (payload: object, cookie = designer.cookie) => app.inject({ method: 'POST', url: '/api/services', headers: { cookie }, payload });
const list = async (query: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/gigs?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ _id: string; title: string }>;
};

describe('POST /services', () => {
  it('creates a service for a designer with prices in major units and the owner populated', async () => {
    const res = await create(newServiceInput({ toothPrice: 35.5, crownPrice: 60, deliveryTime: 2, revisions: 3, tags: ['Bridge', 'Crown'] }));
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({ toothPrice: 35.5, price: 35.5, crownPrice: 60, category: 'Bridge', unitOrArch: 'unit', unit: 'unit', deliveryTime: 2, revisions: 3, totalStars: 0, starNumber: 0 });
    expect(s.userID).toEqual({ _id: designer.user._id, username: designer.user.username, image: null, isVerified: false });
  });

  it('applies the defaults of D12 (1 day, 1 revision, unit)', async () => {
    const res = await create({ tags: ['Veneer'], title: 'Veneer', description: 'Six anterior veneers.', toothPrice: 1 });
    expect(res.json()).toMatchObject({ deliveryTime: 1, revisions: 1, unitOrArch: 'unit', crownPrice: null, images: [] });
  });

  it("answers the messages of docs/product.md §14.3 for missing fields and no tags, storing nothing", async () => {
    const before = (await list('limit=100')).length;
    const res = await create({ tags: [], title: ' ', toothPrice: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      tags: 'Please select at least one tag.',
      title: 'Please fill in the title field.',
      description: 'Please fill in the description field.',
    });
    expect(res.json().fieldErrors.toothPrice).toBeDefined();
    expect((await create(newServiceInput({ toothPrice: -5 }))).statusCode).toBe(400);
    expect((await create(newServiceInput({ toothPrice: 10.123 }))).statusCode).toBe(400);
    expect((await create(newServiceInput({ tags: ['Crown', 'Pizza'] }))).statusCode).toBe(400);
    expect((await create(newServiceInput({ cover: 'https://elsewhere.example/x.png' }))).statusCode).toBe(400);
    expect((await list('limit=100')).length).toBe(before);
  });

  it('is for designers only (D26): 403 for a buyer, 401 for a visitor', async () => {
    const buyer = await signUpAndLogin(app);
    const res = await create(newServiceInput(), buyer.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only designers can create services. Complete your designer profile first.');
    const visitor = await app.inject({ method: 'POST', url: '/api/services', payload: {} });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('changing and deleting a service', () => {
  it('lets the owner edit and delete; refuses another designer and changes nothing', async () => {
    const { _id } = (await create(newServiceInput({ title: 'Mine' }))).json();
    const intruder = await signUpDesigner(app);
    const edit = await app.inject({ method: 'PATCH', url: `/api/services/${_id}`, headers: { cookie: intruder.cookie }, payload: { title: 'Stolen' } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('You are not authorized to change this service.');
    const del = await app.inject({ method: 'DELETE', url: `/api/services/${_id}`, headers: { cookie: intruder.cookie } });
    expect(del.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/services/${_id}` })).json().title).toBe('Mine');

    const ok = await app.inject({ method: 'PATCH', url: `/api/services/${_id}`, headers: { cookie: designer.cookie }, payload: { title: 'Mine, improved', toothPrice: 42 } });
    expect(ok.json()).toMatchObject({ title: 'Mine, improved', toothPrice: 42 });
    expect((await app.inject({ method: 'DELETE', url: `/api/services/${_id}`, headers: { cookie: designer.cookie } })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: `/api/services/single/${_id}` })).statusCode).toBe(404);
  });

  it('refuses with 409, not 500, to delete a service that has orders, and keeps it', async () => {
    const { _id } = (await create(newServiceInput({ title: 'Ordered' }))).json();
    const buyer = await signUpAndLogin(app);
    const intent = await app.inject({ method: 'POST', url: '/api/payments/intents', headers: { cookie: buyer.cookie }, payload: { type: 'service', id: _id, quantity: 1 } });
    expect(intent.statusCode, intent.body).toBe(201);
    const del = await app.inject({ method: 'DELETE', url: `/api/services/${_id}`, headers: { cookie: designer.cookie } });
    expect(del.statusCode, del.body).toBe(409);
    expect(del.json().message).toBe(MESSAGES.serviceHasOrders);
    expect((await app.inject({ method: 'GET', url: `/api/services/single/${_id}` })).json().title).toBe('Ordered');
  });
});

describe('reading services', () => {
  it('answers the detail on both paths (D5) with the designer box of D13', async () => {
    const { _id } = (await create(newServiceInput())).json();
    for (const url of [`/api/services/${_id}`, `/api/services/single/${_id}`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json().designer).toEqual({ rating: 0, reviews: 0, completedOrders: 0, role: 'Crown', software: [], isVerified: false });
    }
    const missing = await app.inject({ method: 'GET', url: '/api/services/single/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Service not found.');
  });

  it('filters by category, budget and owner, sorts by sales or newest, and pages (D4)', async () => {
    const other = await signUpDesigner(app);
    const a = (await create(newServiceInput({ tags: ['Implant'], title: 'Implant bar', toothPrice: 150 }), other.cookie)).json();
    const b = (await create(newServiceInput({ tags: ['Implant', 'Crown'], title: 'Screw-retained crown', toothPrice: 90 }), other.cookie)).json();
    await ctx.database.db.execute(`update services set sales = 7 where id = '${a._id}'`);
    await announcementsHeard(ctx.database); // by hand: the lists hear of it from the database

    expect((await list('cat=Implant')).map((s) => s._id)).toEqual([a._id, b._id]); // best selling first
    expect((await list('cat=Implant&sort=createdAt')).map((s) => s._id)).toEqual([b._id, a._id]);
    expect((await list('cat=Implant&min=100')).map((s) => s._id)).toEqual([a._id]);
    expect((await list('cat=Implant&max=100')).map((s) => s._id)).toEqual([b._id]);
    expect((await list(`userId=${other.user._id}&sort=createdAt`)).map((s) => s._id)).toEqual([b._id, a._id]);
    const page = await app.inject({ method: 'GET', url: '/api/services?tag=Implant&limit=1&offset=1' });
    expect(page.json().map((s: { _id: string }) => s._id)).toEqual([b._id]);
    expect(page.headers['x-total-count']).toBe('2');
    expect((await app.inject({ method: 'GET', url: '/api/gigs?limit=1000' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/gigs?sort=price' })).statusCode).toBe(400);
  });

  it('searches title, tags and description by word prefix, best match first, safely', async () => {
    const x = (await create(newServiceInput({ title: 'Maryland bridge wings', tags: ['Bridge'], description: 'Resin-bonded.' }))).json();
    const y = (await create(newServiceInput({ title: 'Plain crown', tags: ['Crown'], description: 'Also does maryland cases.' }))).json();
    expect((await list('search=maryl')).map((s) => s._id)).toEqual([x._id, y._id]);
    expect((await list('search=MARYLAND%20resin')).map((s) => s._id)).toEqual([x._id]);
    for (const nasty of ["')|(", '&&', ':*', "' or 1=1 --"]) {
      expect((await app.inject({ method: 'GET', url: `/api/gigs?search=${encodeURIComponent(nasty)}` })).statusCode).toBe(200);
    }
  });

  it('hides a service hidden by an administrator from everyone but its owner', async () => {
    const { _id } = (await create(newServiceInput({ title: 'To be hidden' }))).json();
    const admin = await signUpAndLogin(app);
    await applyAdminCommand(ctx.db, 'grant', admin.input.email);
    const stranger = await signUpAndLogin(app);
    expect((await app.inject({ method: 'PATCH', url: `/api/admin/services/${_id}`, headers: { cookie: stranger.cookie }, payload: { hidden: true } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PATCH', url: `/api/admin/services/${_id}`, headers: { cookie: admin.cookie }, payload: { hidden: true } })).statusCode).toBe(204);
    expect((await list('limit=100')).map((s) => s._id)).not.toContain(_id);
    expect((await app.inject({ method: 'GET', url: `/api/services/${_id}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/services/${_id}`, headers: { cookie: designer.cookie } })).statusCode).toBe(200);
  });
});

describe('list totals and figures', () => {
  it('gives X-Total-Count on every page, including one past the end, and 0 for no match', async () => {
    const other = await signUpDesigner(app);
    for (const title of ['Total one', 'Total two', 'Total three']) await create(newServiceInput({ title, tags: ['Extraction'] }), other.cookie);
    for (const [offset, count] of [[0, 2], [2, 1], [5, 0]] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/gigs?cat=Extraction&limit=2&offset=${offset}` });
      expect(res.json()).toHaveLength(count);
      expect(res.headers['x-total-count']).toBe('3');
    }
    const none = await app.inject({ method: 'GET', url: '/api/gigs?search=nothingmatchesthis' });
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('pages a searched, filtered list in every sort as the whole list, each row with its own designer, the total exact on full, partial and empty pages (ADR 0045)', async () => {
    const verified = await signUpDesigner(app);
    const plain = await signUpDesigner(app);
    await ctx.database.query(`update users set is_verified = true where id = $1`, [verified.user._id]);
    const made: Record<string, string> = {};
    for (let i = 0; i < 7; i++) {
      const by = i % 2 ? verified : plain;
      const s = (await create(newServiceInput({ title: i % 3 ? `Pagedzircon crown ${i}` : `Pagedzircon ${i}`, description: 'Pagedzircon work.', tags: ['Cleaning'], toothPrice: 10 + ((i * 7) % 5) }), by.cookie)).json();
      made[s._id] = by.user._id;
    }
    // Hidden by an administrator, and another category: never on a page, never counted.
    const hidden = (await create(newServiceInput({ title: 'Pagedzircon hidden', tags: ['Cleaning'] }), plain.cookie)).json();
    await ctx.database.query(`update services set hidden = true where id = $1`, [hidden._id]);
    await create(newServiceInput({ title: 'Pagedzircon elsewhere', tags: ['Whitening'] }), plain.cookie);
    await announcementsHeard(ctx.database); // the changes made by hand have reached the catalogue index
    const page = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/gigs?cat=Cleaning&${query.includes('search=') ? query : `search=pagedzircon&${query}`}` });
      expect(res.statusCode).toBe(200);
      return { items: res.json() as Array<{ _id: string; userID: { _id: string; isVerified: boolean } }>, total: res.headers['x-total-count'] };
    };
    for (const sort of ['relevance', 'sales', 'createdAt', 'price_asc', 'price_desc', 'rating']) {
      const whole = await page(`sort=${sort}&limit=100`);
      expect(whole.total).toBe('7');
      expect(whole.items).toHaveLength(7);
      for (const item of whole.items) {
        expect(item.userID._id).toBe(made[item._id]);
        expect(item.userID.isVerified).toBe(made[item._id] === verified.user._id);
      }
      // Pages of 3 (full, full, partial), of 7 (full, then empty past the end) and past the end: same rows, same order.
      const threes = [await page(`sort=${sort}&limit=3`), await page(`sort=${sort}&limit=3&offset=3`), await page(`sort=${sort}&limit=3&offset=6`)];
      expect(threes.map((p) => p.items.length)).toEqual([3, 3, 1]);
      expect(threes.flatMap((p) => p.items.map((i) => i._id))).toEqual(whole.items.map((i) => i._id));
      for (const p of [...threes, await page(`sort=${sort}&limit=7`), await page(`sort=${sort}&limit=7&offset=7`), await page(`sort=${sort}&limit=3&offset=30`)]) expect(p.total).toBe('7');
    }
    // Relevance: titles with both words first; within a tier the verified designer's service first (same stars).
    const ranked = (await page('search=pagedzircon%20crown&limit=100')).items;
    expect(ranked).toHaveLength(4);
    expect(ranked.slice(0, 2).every((i) => i.userID.isVerified)).toBe(true);
  });

  it("answers the detail with the designer's figures from their visible services only (D13)", async () => {
    const owner = await signUpDesigner(app, { role: ['Implant', 'Crown'], software: ['exocad'] });
    const a = (await create(newServiceInput({ toothPrice: 30 }), owner.cookie)).json();
    const b = (await create(newServiceInput({ toothPrice: 50 }), owner.cookie)).json();
    const hidden = (await create(newServiceInput({ toothPrice: 99 }), owner.cookie)).json();
    await ctx.database.query(`update services set total_stars = 9, star_number = 2, sales = 4 where id = $1`, [a._id]);
    await ctx.database.query(`update services set total_stars = 5, star_number = 1, sales = 1 where id = $1`, [b._id]);
    await ctx.database.query(`update services set total_stars = 1, star_number = 5, sales = 50, hidden = true where id = $1`, [hidden._id]);
    await announcementsHeard(ctx.database);
    const res = await app.inject({ method: 'GET', url: `/api/services/single/${b._id}` });
    expect(res.json().designer).toEqual({ rating: 4.7, reviews: 3, completedOrders: 5, role: 'Implant, Crown', software: ['exocad'], isVerified: false });
    expect(res.json()).toMatchObject({ _id: b._id, toothPrice: 50, userID: { _id: owner.user._id, username: owner.user.username } });
    const profile = await app.inject({ method: 'GET', url: `/api/users/profile/${owner.user._id}` });
    expect(profile.json().stats).toEqual({ rating: 4.7, reviews: 3, services: 2, completedOrders: 5, priceRange: { min: 30, max: 50 } });
  });
});

describe('planner statistics on the embedded database', () => {
  it('vacuums and analyzes the catalogue tables on PGlite (no autovacuum there), and leaves PostgreSQL to autovacuum', async () => {
    await create(newServiceInput({ title: 'Counted' }));
    const stats = async () =>
      (
        await ctx.database.query<{ analyzed: boolean; visible: number }>(
          `select last_analyze is not null as analyzed, (select relallvisible from pg_class where relname = 'services')::int as visible
           from pg_stat_user_tables where relname = 'services'`,
        )
      )[0]!;
    const before = await stats();
    const query = vi.spyOn(ctx.database, 'query');
    await refreshCatalogueStatistics(ctx);
    const statements = query.mock.calls.map(([text]) => text);
    query.mockRestore();
    if (ctx.database.kind === 'pglite') {
      expect(statements).toEqual(['vacuum (analyze) services', 'vacuum (analyze) users']);
      expect(before).toEqual({ analyzed: false, visible: 0 });
      const after = await stats();
      expect(after.analyzed).toBe(true);
      expect(after.visible).toBeGreaterThan(0);
    } else {
      expect(statements).toEqual([]);
    }
  });
});
