import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, eventually, newServiceInput, signUpAndLogin, signUpDesigner, type TestApp } from '../../../test/helper.js';
import { applyAdminCommand } from '../admin/index.js';
import { announcementsHeard, catalogueIndexOf } from './catalogue-index/catalogue-index.js';

// ADR 0016 across instances: a write on one clears the catalogue cache of the others through Redis
// (Socket.IO's serverSideEmit), and their catalogue indexes hear of it from the database (ADR 0048). Needs a shared PostgreSQL and Redis (CI has both; see .ci/run).
const redisUrl = process.env.TEST_REDIS_URL;
const shared = !!process.env.TEST_DATABASE_URL && !!redisUrl;

describe.runIf(shared)('the catalogue cache on two instances', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    // A TTL far longer than the test: only the message from the other instance can explain a fresh answer.
    one = await buildTestApp({ REDIS_URL: redisUrl!, CATALOGUE_CACHE_MS: '300000' });
    two = await buildTestApp({ REDIS_URL: redisUrl!, CATALOGUE_CACHE_MS: '300000' }, { databaseUrl: one.databaseUrl });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const get = (t: TestApp, url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('an edit through one instance is seen through the other at once; a hide too', async () => {
    let heard = 0;
    two.ctx.realtime.onPeer('catalogue:changed', () => (heard += 1));
    const designer = await signUpDesigner(one.app); // a designer profile: one message
    const created = await one.app.inject({ method: 'POST', url: '/api/services', headers: { cookie: designer.cookie }, payload: newServiceInput({ title: 'Seen everywhere' }) });
    expect(created.statusCode).toBe(201); // and a second
    // Both reach two, or they would empty its cache after it fills below.
    expect(await eventually(async () => heard, (n) => n >= 2)).toBeGreaterThanOrEqual(2);
    const id = created.json()._id as string;
    const listUrl = `/api/gigs?userId=${designer.user._id}`;
    const pageUrl = `/api/services/single/${id}`;
    const title = async (t: TestApp) => (await get(t, pageUrl)).json().title as string;
    const titles = async (t: TestApp) => ((await get(t, listUrl)).json() as Array<{ title: string }>).map((s) => s.title);

    // Cached on two, once the database's word of those writes has reached it (it clears the cache too).
    await announcementsHeard(two.ctx.database);
    expect(await title(two)).toBe('Seen everywhere');
    expect(await titles(two)).toEqual(['Seen everywhere']);
    // Proof that two answers from its cache: a second read computes nothing.
    const pages = vi.spyOn(catalogueIndexOf(two.ctx)!, 'page');
    expect(await title(two)).toBe('Seen everywhere');
    expect(pages).not.toHaveBeenCalled();
    pages.mockRestore();

    const edit = await one.app.inject({ method: 'PATCH', url: `/api/services/${id}`, headers: { cookie: designer.cookie }, payload: { title: 'Edited on one' } });
    expect(edit.statusCode).toBe(200);
    const started = Date.now();
    expect(await eventually(() => title(two), (t) => t === 'Edited on one')).toBe('Edited on one');
    expect(await titles(two)).toEqual(['Edited on one']);
    expect(Date.now() - started).toBeLessThan(2000);

    // An administrator on one hides it: two stops showing it to the public, but not to its owner.
    const admin = await signUpAndLogin(one.app);
    await applyAdminCommand(one.ctx.db, 'grant', admin.input.email);
    const hide = await one.app.inject({ method: 'PATCH', url: `/api/admin/services/${id}`, headers: { cookie: admin.cookie }, payload: { hidden: true } });
    expect(hide.statusCode).toBe(204);
    expect((await eventually(() => get(two, pageUrl), (r) => r.statusCode === 404)).statusCode).toBe(404);
    expect(await titles(two)).toEqual([]);
    expect((await get(two, pageUrl, designer.cookie)).json()).toMatchObject({ title: 'Edited on one', hidden: true });
    // And the other way round: an edit through two reaches one's cache.
    expect(await titles(one)).toEqual([]);
    const show = await two.app.inject({ method: 'PATCH', url: `/api/admin/services/${id}`, headers: { cookie: admin.cookie }, payload: { hidden: false } });
    expect(show.statusCode).toBe(204);
    expect(await eventually(() => titles(one), (t) => t.length === 1)).toEqual(['Edited on one']);
  });
});
