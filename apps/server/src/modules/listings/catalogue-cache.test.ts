import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, newServiceInput, signUpAndLogin, signUpDesigner, type TestApp } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { GOOD_CARD } from '../../../test/orders.js';
import { courses, services } from '../../db/schema/index.js';
import { applyAdminCommand } from '../admin/index.js';
import { coursesApi } from '../courses/test-support.js';
import { announcementsHeard, catalogueIndexOf } from './catalogue-index/catalogue-index.js';
import { listServicesFromDatabase } from './listings.service.js';

// ADR 0016: public catalogue answers are cached; every write that changes them clears the cache at
// once. A long TTL here, so that only the invalidation can explain a fresh answer.
let queries = 0;
// /metrics answers only with METRICS_TOKEN set (ADR 0022).
const METRICS = { METRICS_TOKEN: 'catalogue-cache-metrics-token' };
const scrape = (target: TestApp) =>
  target.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS.METRICS_TOKEN}` } });
const t = await buildTestApp({ CATALOGUE_CACHE_MS: '300000', ...METRICS }, { onQuery: () => (queries += 1) });
afterAll(() => t.close());
const { app, ctx } = t;

const admin = await signUpAndLogin(app);
await applyAdminCommand(ctx.db, 'grant', admin.input.email);

type Who = { cookie: string } | null;
const get = (url: string, who: Who = null) => app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const send = (who: Who, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

/** Statements the app runs for one request (an anonymous request runs none for its session). */
async function queriesOf(request: () => Promise<unknown>) {
  const before = queries;
  await request();
  return queries - before;
}

async function designerWithService(app: FastifyInstance, input: Record<string, unknown> = {}) {
  const designer = await signUpDesigner(app);
  const res = await app.inject({ method: 'POST', url: '/api/services', headers: { cookie: designer.cookie }, payload: newServiceInput(input) });
  expect(res.statusCode, res.body).toBe(201);
  return { designer, service: res.json() as { _id: string; title: string } };
}

const titlesIn = (res: { json(): unknown }) => (res.json() as Array<{ title: string }>).map((s) => s.title);

describe('GET /gigs and /services/{id} from the cache', () => {
  it('answers a hit with the same bytes and headers as the database path, without a query', async () => {
    const { designer, service } = await designerWithService(app, { title: 'Bytes crown' });
    await announcementsHeard(ctx.database); // the database's word of the new service, which clears the cache, is in
    const url = `/api/gigs?userId=${designer.user._id}&sort=createdAt`;
    const first = await get(url);
    let second!: Awaited<ReturnType<typeof get>>;
    expect(await queriesOf(async () => (second = await get(url)))).toBe(0);
    // Query keys in another order (and /services for /gigs) are the same list.
    expect(await queriesOf(() => get(`/api/services?sort=createdAt&userId=${designer.user._id}`))).toBe(0);
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    // What the route sent before the cache: JSON.stringify of the list, its total in x-total-count.
    const { items, total } = await listServicesFromDatabase(ctx, { userId: designer.user._id, sort: 'createdAt', limit: 24, offset: 0 });
    expect(first.body).toBe(JSON.stringify(items));
    expect(first.headers['x-total-count']).toBe(String(total));
    expect(second.body).toBe(first.body);
    const headersOf = (res: typeof first) => Object.fromEntries(Object.entries(res.headers).filter(([name]) => name !== 'date'));
    expect(headersOf(second)).toEqual(headersOf(first));

    const detail = await get(`/api/services/single/${service._id}`);
    expect(detail.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(detail.json()).toMatchObject({ _id: service._id, title: 'Bytes crown', designer: { reviews: 0 } });
    let again!: Awaited<ReturnType<typeof get>>;
    expect(await queriesOf(async () => (again = await get(`/api/services/${service._id}`)))).toBe(0);
    expect(again.body).toBe(detail.body);
    expect(headersOf(again)).toEqual(headersOf(detail));
    // Upper-case ids name the same service.
    expect(await queriesOf(() => get(`/api/services/single/${service._id.toUpperCase()}`))).toBe(0);

    const metrics = (await scrape(t)).body;
    expect(metrics).toMatch(/cusp_response_cache_lookups_total\{cache="catalogue",result="hit"\} [1-9]/);
    expect(metrics).toMatch(/cusp_response_cache_lookups_total\{cache="catalogue",result="miss"\} [1-9]/);
  });

  it("shows an owner's edit at once in the list and the page they were cached in", async () => {
    const { designer, service } = await designerWithService(app, { title: 'Before the edit' });
    const listUrl = `/api/gigs?userId=${designer.user._id}`;
    const pageUrl = `/api/services/single/${service._id}`;
    expect(titlesIn(await get(listUrl))).toEqual(['Before the edit']);
    expect((await get(pageUrl)).json().title).toBe('Before the edit');
    expect(await queriesOf(() => get(listUrl))).toBe(0); // cached

    const edit = await send(designer, 'PATCH', `/api/services/${service._id}`, { title: 'After the edit', toothPrice: 31 });
    expect(edit.statusCode).toBe(200);
    expect(titlesIn(await get(listUrl))).toEqual(['After the edit']);
    expect((await get(pageUrl)).json()).toMatchObject({ title: 'After the edit', toothPrice: 31 });
    expect((await get(`/api/services/${service._id}`, designer)).json().title).toBe('After the edit');

    // A refused edit (someone else's service) changes nothing and the answers stay right.
    const intruder = await signUpDesigner(app);
    expect((await send(intruder, 'PATCH', `/api/services/${service._id}`, { title: 'Stolen' })).statusCode).toBe(403);
    expect(titlesIn(await get(listUrl))).toEqual(['After the edit']);

    // A new service and a deleted one show at once too.
    const second = await send(designer, 'POST', '/api/services', newServiceInput({ title: 'Second one' }));
    expect(titlesIn(await get(listUrl)).sort()).toEqual(['After the edit', 'Second one']);
    expect((await send(designer, 'DELETE', `/api/services/${second.json()._id}`)).statusCode).toBe(204);
    expect(titlesIn(await get(listUrl))).toEqual(['After the edit']);
    expect((await get(`/api/services/single/${second.json()._id}`)).statusCode).toBe(404);
  });

  it('hides a service from the public at once when an administrator hides it; its owner and the administrator still see it', async () => {
    const { designer, service } = await designerWithService(app, { title: 'To be hidden' });
    const stranger = await signUpAndLogin(app);
    const listUrl = `/api/gigs?userId=${designer.user._id}`;
    const pageUrl = `/api/services/single/${service._id}`;
    expect(titlesIn(await get(listUrl))).toEqual(['To be hidden']);
    expect((await get(pageUrl)).statusCode).toBe(200);
    expect((await get(pageUrl, stranger)).statusCode).toBe(200);

    expect((await send(admin, 'PATCH', `/api/admin/services/${service._id}`, { hidden: true })).statusCode).toBe(204);
    expect(titlesIn(await get(listUrl))).toEqual([]);
    expect((await get(listUrl)).headers['x-total-count']).toBe('0');
    // The owner first, then everyone else: the owner's answer must not be what others get.
    const own = await get(pageUrl, designer);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ title: 'To be hidden', hidden: true });
    expect((await get(pageUrl, admin)).json().hidden).toBe(true);
    const pages = vi.spyOn(catalogueIndexOf(ctx)!, 'page');
    for (const who of [null, stranger, null]) {
      const res = await get(pageUrl, who);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('To be hidden');
    }
    expect(pages).toHaveBeenCalledTimes(3); // a 404 is never cached
    pages.mockRestore();
    // Both paths, and the owner again after the public 404s.
    expect((await get(`/api/services/${service._id}`)).statusCode).toBe(404);
    expect((await get(`/api/services/${service._id}`, designer)).statusCode).toBe(200);

    // Shown again: back in the list and on its page at once.
    expect((await send(admin, 'PATCH', `/api/admin/services/${service._id}`, { hidden: false })).statusCode).toBe(204);
    expect(titlesIn(await get(listUrl))).toEqual(['To be hidden']);
    expect((await get(pageUrl, stranger)).json().hidden).toBe(false);
  });

  it('never serves a hidden service to a stranger, whoever asked first and however many ask at once', async () => {
    const { designer, service } = await designerWithService(app, { title: 'Hidden from the start' });
    const stranger = await signUpAndLogin(app);
    expect((await send(admin, 'PATCH', `/api/admin/services/${service._id}`, { hidden: true })).statusCode).toBe(204);
    const pageUrl = `/api/services/single/${service._id}`;
    const crowd = await Promise.all([
      get(pageUrl, designer),
      get(pageUrl),
      get(pageUrl, stranger),
      get(pageUrl, admin),
      get(pageUrl),
      get(pageUrl, designer),
      get(pageUrl, stranger),
    ]);
    expect(crowd.map((r) => r.statusCode)).toEqual([200, 404, 404, 200, 404, 200, 404]);
    for (const who of [null, stranger]) expect((await get(pageUrl, who)).statusCode).toBe(404);
    expect(titlesIn(await get(`/api/gigs?userId=${designer.user._id}`, designer))).toEqual([]);
  });

  it('shows a verification by an administrator, a sale and a review at once', async () => {
    const { designer, service } = await designerWithService(app, { revisions: 1 });
    const buyer = await signUpAndLogin(app);
    const pageUrl = `/api/services/single/${service._id}`;
    const listUrl = `/api/gigs?userId=${designer.user._id}`;
    const card = async () => (await get(listUrl)).json()[0];
    expect((await get(pageUrl)).json()).toMatchObject({ userID: { isVerified: false }, designer: { isVerified: false } });
    expect(await card()).toMatchObject({ sales: 0, starNumber: 0, userID: { isVerified: false } });

    expect((await send(admin, 'PATCH', `/api/admin/users/${designer.user._id}`, { isVerified: true })).statusCode).toBe(200);
    expect((await get(pageUrl)).json()).toMatchObject({ userID: { isVerified: true }, designer: { isVerified: true } });
    expect((await card()).userID.isVerified).toBe(true);

    // The designer's profile fields on the page.
    expect((await send(designer, 'PATCH', `/api/users/profile/${designer.user._id}`, { role: ['Implant'], software: ['3Shape'] })).statusCode).toBe(200);
    expect((await get(pageUrl)).json().designer).toMatchObject({ role: 'Implant', software: ['3Shape'] });

    // An order paid, delivered and accepted: one sale.
    const intent = await send(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1 });
    expect(intent.statusCode, intent.body).toBe(201);
    const { _id: paymentId, orderId } = intent.json();
    expect((await send(buyer, 'POST', `/api/payments/${paymentId}/sandbox-pay`, GOOD_CARD)).statusCode).toBe(200);
    expect((await send(buyer, 'PATCH', '/api/orders', { payment_intent: paymentId })).statusCode).toBe(200);
    const body = multipart({}, [{ field: 'file', name: 'crown.stl', type: 'application/octet-stream', data: binaryStl() }]);
    const file = await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: designer.cookie } });
    expect((await send(designer, 'POST', `/api/orders/${orderId}/deliver`, { files: [file.json()._id] })).statusCode).toBe(200);
    expect(await card()).toMatchObject({ sales: 0 }); // cached again, before the sale
    expect((await send(buyer, 'POST', `/api/orders/${orderId}/accept`)).statusCode).toBe(200);
    expect(await card()).toMatchObject({ sales: 1 });
    expect((await get(pageUrl)).json()).toMatchObject({ sales: 1, designer: { completedOrders: 1 } });

    expect((await send(buyer, 'POST', '/api/reviews', { orderId, star: 4, desc: 'Good margins.' })).statusCode).toBe(201);
    expect(await card()).toMatchObject({ starNumber: 1, totalStars: 4 });
    expect((await get(pageUrl)).json().designer).toMatchObject({ rating: 4, reviews: 1 });
  });

  it('computes a list once for concurrent identical requests, and a page once', async () => {
    const { designer, service } = await designerWithService(app);
    const listUrl = `/api/gigs?userId=${designer.user._id}&limit=5`;
    const lists = vi.spyOn(catalogueIndexOf(ctx)!, 'list');
    let answers: Array<Awaited<ReturnType<typeof get>>> = [];
    await Promise.all(Array.from({ length: 12 }, () => get(listUrl))).then((all) => (answers = all));
    expect(lists).toHaveBeenCalledTimes(1);
    lists.mockRestore();
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers.every((r) => r.statusCode === 200 && r.headers['x-total-count'] === '1')).toBe(true);

    const pages = vi.spyOn(catalogueIndexOf(ctx)!, 'page');
    await Promise.all(Array.from({ length: 12 }, () => get(`/api/services/single/${service._id}`)));
    expect(pages).toHaveBeenCalledTimes(1);
    pages.mockRestore();
  });
});

describe('GET /courses from the cache', () => {
  it("shows a course created, edited or deleted at once; a course's own page is never cached", async () => {
    const api = coursesApi(app, ctx);
    const creator = await signUpAndLogin(app);
    const listUrl = `/api/courses?creatorId=${creator.user._id}`;
    expect((await get(listUrl)).json()).toEqual([]);
    const course = await api.createCourse(creator.cookie, { title: 'Cached course' });
    const first = await get(listUrl);
    expect(titlesIn(first)).toEqual(['Cached course']);
    expect(first.headers['x-total-count']).toBe('1');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await queriesOf(() => get(listUrl))).toBe(0);

    expect((await send(creator, 'PATCH', `/api/courses/${course._id}`, { title: 'Renamed course' })).statusCode).toBe(200);
    expect(titlesIn(await get(listUrl))).toEqual(['Renamed course']);
    // The page differs by viewer (the creator sees its videos), so it goes to the database each time.
    expect((await api.getCourse(course._id, creator.cookie)).json().isCreator).toBe(true);
    expect((await api.getCourse(course._id)).json().isCreator).toBe(false);
    expect(await queriesOf(() => api.getCourse(course._id))).toBeGreaterThan(0);

    expect((await send(creator, 'DELETE', `/api/courses/${course._id}`)).statusCode).toBe(204);
    expect((await get(listUrl)).json()).toEqual([]);
  });
});

describe('what only the TTL bounds', () => {
  let short: TestApp;
  afterAll(() => short?.close());

  it('a change made outside the app (the admin command, SQL) shows as soon as the database announces it, well within the TTL', async () => {
    short = await buildTestApp({ CATALOGUE_CACHE_MS: '300000' });
    const { designer, service } = await designerWithService(short.app);
    const pageUrl = `/api/services/single/${service._id}`;
    const read = async () => (await short.app.inject({ method: 'GET', url: pageUrl })).json();
    expect(await read()).toMatchObject({ userID: { isVerified: false }, starNumber: 0 });
    // `npm run admin -- verify` is another process: it cannot reach the servers' caches, but the database tells them.
    await applyAdminCommand(short.ctx.db, 'verify', designer.input.email);
    await short.ctx.db.update(services).set({ starNumber: sql`${services.starNumber} + 1` }).where(eq(services.id, service._id));
    await announcementsHeard(short.ctx.database);
    expect(await read()).toMatchObject({ userID: { isVerified: true }, starNumber: 1 });
  });
});

describe('CATALOGUE_CACHE_MS=0', () => {
  let off: TestApp;
  afterAll(() => off?.close());

  it('turns the cache off: every request computes its answer (courses in the database, services in the index), the same answers', async () => {
    let count = 0;
    off = await buildTestApp({ CATALOGUE_CACHE_MS: '0', ...METRICS }, { onQuery: () => (count += 1) });
    expect(off.ctx.catalogueCache.enabled).toBe(false);
    const { designer, service } = await designerWithService(off.app, { title: 'Uncached' });
    const listUrl = `/api/gigs?userId=${designer.user._id}`;
    const pageUrl = `/api/services/single/${service._id}`;
    for (const url of ['/api/courses', '/api/courses']) {
      const before = count;
      const res = await off.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(count).toBeGreaterThan(before);
    }
    const lists = vi.spyOn(catalogueIndexOf(off.ctx)!, 'list');
    const pages = vi.spyOn(catalogueIndexOf(off.ctx)!, 'page');
    for (const url of [listUrl, listUrl, pageUrl, pageUrl]) {
      const res = await off.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect([lists.mock.calls.length, pages.mock.calls.length]).toEqual([2, 2]);
    const list = await off.app.inject({ method: 'GET', url: listUrl });
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body).toBe(JSON.stringify((await listServicesFromDatabase(off.ctx, { userId: designer.user._id, limit: 24, offset: 0 })).items));
    // A change nobody announces shows at once where the database answers (the services' index needs it announced: ADR 0048).
    const course = await coursesApi(off.app, off.ctx).createCourse(designer.cookie, { title: 'A course' });
    await off.ctx.db.update(courses).set({ title: 'Changed in SQL' }).where(eq(courses.id, course._id));
    expect(titlesIn(await off.app.inject({ method: 'GET', url: `/api/courses?creatorId=${designer.user._id}` }))).toEqual(['Changed in SQL']);
    expect(off.ctx.catalogueCache.size()).toBe(0);
    const offMetrics = await scrape(off);
    expect(offMetrics.statusCode).toBe(200);
    expect(offMetrics.body).not.toMatch(/cusp_response_cache_lookups_total\{/);
  });
});
