import { beforeAll, describe, expect, it } from 'vitest';
import { newServiceInput, signUpDesigner, signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { applyAdminCommand } from '../admin/index.js';
import { catalogueChanged } from './catalogue-cache.js';

/**
 * Catalogue search (ADR 0031) on a fixed catalogue made here: word forms, typing mistakes, synonyms,
 * Arabic, abbreviations, relevance, "did you mean" on every searched list, and the price and rating sorts. The
 * response cache is off, so every request reads the database.
 */
const { app, ctx } = await useTestApp({ CATALOGUE_CACHE_MS: '0' });

type Listed = { _id: string; title: string };
const S: Record<string, string> = {};
let designerId = '';
let verifiedId = '';

async function ids(url: string): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return (res.json() as Listed[]).map((s) => s._id);
}

/** The fixed catalogue's names of the services a search finds, in order (other tests' services are left out). */
async function found(search: string, path = '/api/gigs'): Promise<string[]> {
  const names = Object.fromEntries(Object.entries(S).map(([name, id]) => [id, name]));
  return (await ids(`${path}?limit=100&search=${encodeURIComponent(search)}`)).map((id) => names[id]).filter((n): n is string => !!n);
}

beforeAll(async () => {
  const designer = await signUpDesigner(app);
  const verified = await signUpDesigner(app, { description: 'Implant surgical guides and custom abutments.' });
  await applyAdminCommand(ctx.db, 'verify', verified.input.email);
  designerId = designer.user._id;
  verifiedId = verified.user._id;
  const catalogue: Array<[string, Record<string, unknown>, typeof designer?]> = [
    ['A', { title: 'Zirconia crown design', description: 'Monolithic zirconia crowns for the posterior, designed in exocad.', tags: ['Crown'], toothPrice: 40 }],
    ['B', { title: 'Anterior veneers', description: 'Feldspathic and e.max veneers with a wax-up for the smile.', tags: ['Veneer'], toothPrice: 60 }],
    ['C', { title: 'Lithium disilicate crowns', description: 'Single units in IPS e.max, pressed or milled.', tags: ['Crown'], toothPrice: 35 }],
    ['D', { title: 'PFM bridge framework', description: 'Porcelain fused to metal bridges: coping and cut-back.', tags: ['Bridge'], toothPrice: 80 }],
    ['E', { title: 'Custom abutment design', description: 'Titanium and zirconia abutments under screw-retained implant crowns.', tags: ['Implant'], toothPrice: 55 }],
    ['F', { title: 'تصميم تاج زركونيا', description: 'تصميم كامل التشريح للأسنان الخلفية.', tags: ['Crown'], toothPrice: 45 }],
    ['G', { title: 'Full-arch surgical guide', description: 'Guided surgery for four implants.', tags: ['Implant'], toothPrice: 120 }],
    ['H', { title: 'Bryant ceramics studio', description: 'Layered anterior work.', tags: ['Cleaning'], toothPrice: 90 }],
    // Same words, different designers: verified and well rated come first.
    ['N1', { title: 'Night guard design', description: 'Hard splint.', tags: ['Dentures'], toothPrice: 20 }],
    ['N2', { title: 'Night guard design', description: 'Hard splint.', tags: ['Dentures'], toothPrice: 21 }, verified],
    ['N3', { title: 'Night guard design', description: 'Hard splint.', tags: ['Dentures'], toothPrice: 22 }],
  ];
  for (const [name, input, owner] of catalogue) {
    const res = await app.inject({ method: 'POST', url: '/api/services', headers: { cookie: (owner ?? designer).cookie }, payload: newServiceInput(input) });
    expect(res.statusCode, res.body).toBe(201);
    S[name] = res.json()._id;
  }
  // N2 is the oldest of the three (newest first would put it last); N3 is well rated.
  await ctx.database.query(`update services set created_at = now() - interval '1 day' where id = $1`, [S.N2]);
  await ctx.database.query(`update services set total_stars = 10, star_number = 2 where id = $1`, [S.N3]);
  catalogueChanged(ctx, { services: [S.N2!, S.N3!] });
});

describe('finding services', () => {
  it('finds plural and other word forms (English stems)', async () => {
    // "zirconia crowns" found one service, "crowns" no singular: now A (both words in the title) first.
    const zirconiaCrowns = await found('zirconia crowns');
    expect(zirconiaCrowns[0]).toBe('A');
    expect(new Set(zirconiaCrowns)).toEqual(new Set(['A', 'E', 'F']));
    const crowns = await found('crowns');
    expect(new Set(crowns.slice(0, 2))).toEqual(new Set(['A', 'C'])); // the word in the title, as typed
    expect(new Set(crowns)).toEqual(new Set(['A', 'C', 'E', 'F']));
    expect(await found('crown')).toEqual(expect.arrayContaining(['A', 'C', 'E', 'F']));
    const designing = await found('designing');
    // The stem, design: in every title that has it (and designed in A's description).
    expect(new Set(designing)).toEqual(new Set(['A', 'E', 'N1', 'N2', 'N3']));
    expect(await found('bridges')).toEqual(['D']);
  });

  it('finds a word from its first letters, also when they end in y (which the English stemmer turns into i)', async () => {
    // 'bry' is also the stem 'bri' of bridges (D): both, as a prefix means.
    expect(new Set(await found('bry'))).toEqual(new Set(['D', 'H']));
    expect(await found('brya')).toEqual(['H']);
    expect(await found('bryant studio')).toEqual(['H']);
    expect(await found('zirc')).toEqual(expect.arrayContaining(['A', 'E']));
  });

  it('finds through typing mistakes (trigram similarity), exact matches first', async () => {
    // A close spelling is searched for itself (zirconia), not for its synonyms (زركونيا): A and E, not F.
    expect(await found('zirconnia')).toEqual(['A', 'E']);
    expect(await found('zirconnia abutment')).toEqual(['E']);
    expect(await found('feldspahtic')).toEqual(['B']);
    expect(await found('surgicl guide')).toEqual(['G']);
    // Partial words are prefixes, as before.
    expect(await found('lith disil')).toEqual(['C']);
  });

  it('finds through dental synonyms', async () => {
    const zirkonia = await found('zirkonia');
    expect(zirkonia[0]).toBe('A');
    expect(new Set(zirkonia)).toEqual(new Set(['A', 'E', 'F']));
    // Lithium disilicate is e.max: the title before the description.
    expect(await found('lithium disilicate')).toEqual(['C', 'B']);
    expect(await found('porcelain fused to metal')).toEqual(['D']);
    expect(await found('metal ceramic')).toEqual(['D']);
    expect(await found('ceramometal bridge')).toEqual(['D']);
  });

  it('finds Arabic terms, and English services for them', async () => {
    // تاج (crown): the Arabic service, where the word is as typed, first.
    const taj = await found('تاج');
    expect(taj[0]).toBe('F');
    expect(new Set(taj)).toEqual(new Set(['A', 'C', 'E', 'F']));
    // تيجان (crowns) is nowhere as typed: every service with a crown in the title, then the description.
    const tijan = await found('تيجان');
    expect(new Set(tijan.slice(0, 3))).toEqual(new Set(['A', 'C', 'F']));
    expect(tijan[3]).toBe('E');
    expect((await found('التاج'))[0]).toBe('F');
    expect(new Set(await found('زركونيا'))).toEqual(new Set(['A', 'E', 'F']));
    expect(await found('قشرة')).toEqual(['B']);
    expect(new Set(await found('زرعة'))).toEqual(new Set(['E', 'G']));
    expect(await found('دعامة')).toEqual(['E']);
  });

  it('finds abbreviations', async () => {
    expect(await found('PFM')).toEqual(['D']);
    expect(await found('LiSi2')).toEqual(['C', 'B']);
    expect(await found('e.max')).toEqual(['C', 'B']);
    expect(await found('emax veneers')).toEqual(['B']);
    const zr = await found('Zr crown');
    expect(zr[0]).toBe('A');
    expect(new Set(zr)).toEqual(new Set(['A', 'E', 'F']));
  });

  it('puts verified and well-rated designers slightly up among equal matches', async () => {
    const order = await found('night guard');
    expect(order).toEqual(['N2', 'N3', 'N1']);
    // Newest first is still newest first.
    expect((await found('night guard', '/api/gigs?sort=createdAt&x=1')).at(-1)).toBe('N2');
  });

  it('finds the same on /api/services and keeps the other filters', async () => {
    expect(await found('zirkonia', '/api/services')).toEqual(await found('zirkonia'));
    expect(await found('zirkonia', '/api/gigs?cat=Implant&x=1')).toEqual(['E']);
    expect(await found('zirkonia', '/api/gigs?max=42&x=1')).toEqual(['A']);
  });
});

describe('did you mean', () => {
  it('answers [] with X-Did-You-Mean when a close spelling would find something', async () => {
    for (const path of ['/api/gigs', '/api/services']) {
      const res = await app.inject({ method: 'GET', url: `${path}?search=abutmnet` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
      expect(res.headers['x-did-you-mean']).toBe('abutment');
      expect(await found(res.headers['x-did-you-mean'] as string, path)).toEqual(['E']);
    }
    const two = await app.inject({ method: 'GET', url: `/api/gigs?search=${encodeURIComponent('abutmnet desing')}` });
    expect(two.json()).toEqual([]);
    expect(two.headers['x-did-you-mean']).toBe('abutment design');
  });

  it('offers nothing when the suggestion would find nothing either, or nothing is close', async () => {
    for (const url of ['/api/gigs?search=abutmnet&cat=Bridge', '/api/gigs?search=qwxzvy', '/api/gigs?search=zirconia%20bridge']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.json(), url).toEqual([]);
      expect(res.headers['x-did-you-mean'], url).toBeUndefined();
    }
    // A search that finds something has no suggestion.
    expect((await app.inject({ method: 'GET', url: '/api/gigs?search=zirconia' })).headers['x-did-you-mean']).toBeUndefined();
  });

  it('encodes an Arabic suggestion so that decodeURIComponent gives it back', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/gigs?search=${encodeURIComponent('الخفلية')}` });
    expect(res.json()).toEqual([]);
    expect(decodeURIComponent(res.headers['x-did-you-mean'] as string)).toBe('الخلفية');
  });

  it('does the same on the designers list and the courses list', async () => {
    const designers = await app.inject({ method: 'GET', url: '/api/users?isDesigner=true&search=abutmnets' });
    expect(designers.statusCode).toBe(200);
    expect(designers.json()).toEqual([]);
    expect(designers.headers['x-did-you-mean']).toBe('abutments');
    const byDesigners = await app.inject({ method: 'GET', url: '/api/users?isDesigner=true&search=abutments' });
    expect(byDesigners.json().map((u: { _id: string }) => u._id)).toEqual([verifiedId]);

    await ctx.database.query(`insert into courses (creator_id, title, description, tags) values ($1, 'Screw-retained implant crowns', 'From the scan body to the emergence profile.', '{}')`, [designerId]);
    const courses = await app.inject({ method: 'GET', url: '/api/courses?search=emergnse' });
    expect(courses.statusCode).toBe(200);
    expect(courses.json()).toEqual([]);
    expect(courses.headers['x-did-you-mean']).toBe('emergence');
    expect((await app.inject({ method: 'GET', url: '/api/courses?search=implant%20crowns' })).json()).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: `/api/courses?search=${encodeURIComponent('زرعة')}` })).json()).toHaveLength(1);
  });

  it('follows the catalogue: words of edited, hidden and deleted services leave the vocabulary', async () => {
    const designer = await signUpDesigner(app);
    const words = async (word: string) =>
      (await ctx.database.query<{ documents: number }>(`select documents from search_words where kind = 'service' and word = $1`, [word]))[0]?.documents ?? 0;
    const made = (await app.inject({ method: 'POST', url: '/api/services', headers: { cookie: designer.cookie }, payload: newServiceInput({ title: 'Quokkaceramic onlay' }) })).json();
    expect(await words('quokkaceramic')).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/api/gigs?search=quokaceramic' })).json().map((s: Listed) => s._id)).toEqual([made._id]);
    await app.inject({ method: 'PATCH', url: `/api/services/${made._id}`, headers: { cookie: designer.cookie }, payload: { title: 'Wombatceramic onlay' } });
    expect([await words('quokkaceramic'), await words('wombatceramic')]).toEqual([0, 1]);
    const admin = await signUpAndLogin(app);
    await applyAdminCommand(ctx.db, 'grant', admin.input.email);
    await app.inject({ method: 'PATCH', url: `/api/admin/services/${made._id}`, headers: { cookie: admin.cookie }, payload: { hidden: true } });
    expect(await words('wombatceramic')).toBe(0);
    await app.inject({ method: 'PATCH', url: `/api/admin/services/${made._id}`, headers: { cookie: admin.cookie }, payload: { hidden: false } });
    expect(await words('wombatceramic')).toBe(1);
    await app.inject({ method: 'DELETE', url: `/api/services/${made._id}`, headers: { cookie: designer.cookie } });
    expect(await words('wombatceramic')).toBe(0);
  });
});

describe('sorts', () => {
  it('sorts by price both ways and by rating (average, then how many), with and without a search', async () => {
    const base = `/api/gigs?userId=${designerId}&limit=100`;
    const prices = async (url: string) => ((await app.inject({ method: 'GET', url })).json() as Array<{ toothPrice: number }>).map((s) => s.toothPrice);
    const up = await prices(`${base}&sort=price_asc`);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(up[0]).toBe(20);
    const down = await prices(`${base}&sort=price_desc`);
    expect(down).toEqual([...up].reverse());
    expect(down[0]).toBe(120);
    expect(await prices(`${base}&sort=price_asc&search=crown`)).toEqual([35, 40, 45, 55]);

    await ctx.database.query(`update services set total_stars = 5, star_number = 1 where id = $1`, [S.G]);
    await ctx.database.query(`update services set total_stars = 9, star_number = 2 where id = $1`, [S.D]);
    await ctx.database.query(`update services set total_stars = 18, star_number = 4 where id = $1`, [S.A]);
    catalogueChanged(ctx, { services: [S.G!, S.D!, S.A!] }); // as the reviews service does after its write
    const rated = await ids(`${base}&sort=rating`);
    // G 5.0 (1), N3 5.0 (2) -> N3 first on the count; then A 4.5 (4), D 4.5 (2); then the unrated.
    expect(rated.slice(0, 4)).toEqual([S.N3, S.G, S.A, S.D]);
    expect(await ids(`/api/gigs?limit=100&sort=rating&search=crown`)).toEqual(expect.arrayContaining([S.A]));
    expect((await ids(`/api/gigs?limit=100&sort=rating&search=crown`))[0]).toBe(S.A);
    expect((await app.inject({ method: 'GET', url: '/api/gigs?sort=cheapest' })).statusCode).toBe(400);
  });
});
