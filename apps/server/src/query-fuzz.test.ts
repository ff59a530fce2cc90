import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, ERRORS, type ErrorCode } from '@cusp/shared';
import { newServiceInput, signUpAndLogin, useTestApp } from '../test/helper.js';
import { binaryStl } from '../test/mesh-samples.js';
import { multipart } from '../test/multipart.js';
import { designerWithService, GOOD_CARD } from '../test/orders.js';
import { registerErrorHandler } from './errors.js';
import { applyAdminCommand } from './modules/admin/index.js';
import { coursesApi } from './modules/courses/test-support.js';

/**
 * Input hygiene (ADR 0023): whatever a client sends, the answer is 2xx or 4xx. Odd values in
 * every parameter of every list, malformed ids in every path, and control characters in every text
 * field of the bodies that used to answer 500; a bad value never stores anything.
 */

/** Every GET route the app registers with a query schema: its URL pattern and the parameters the schema names. */
const QUERY_ROUTES: Array<{ url: string; params: string[] }> = [];
const { app, ctx } = await useTestApp(undefined, {
  onRoute: (route) => {
    const methods = ([] as string[]).concat(route.method);
    const query = route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
    if (methods.includes('GET') && query) QUERY_ROUTES.push({ url: route.url, params: Object.keys(query.shape ?? {}) });
  },
});

let sessions: { buyer: string; designer: string; admin: string };
// Placeholders (in the test names) until beforeAll makes the real ones.
let ids = {
  designer: '{designer}', service: '{service}', conversation: '{conversation}', course: '{course}', fileLink: '{link}',
  order: '{order}', payment: '{payment}', month: '{month}',
};

let address = 0;
/** Each request from an address of its own, so rate limits (429, fine in itself) do not hide the answer. */
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {}, remoteAddress: `10.77.${(address >> 8) & 255}.${address++ & 255}` });

beforeAll(async () => {
  const buyer = await signUpAndLogin(app);
  const admin = await signUpAndLogin(app);
  await applyAdminCommand(ctx.db, 'grant', admin.input.email);
  const { designer, service } = await designerWithService(app);
  const conversation = await inject('POST', '/api/conversations', buyer.cookie, { to: designer.user._id });
  const course = await coursesApi(app, ctx).createCourse(designer.cookie, {}, 1);
  const stl = multipart({}, [{ field: 'file', name: 'scan.stl', type: 'model/stl', data: binaryStl() }]);
  const file = await app.inject({ method: 'POST', url: '/api/file/upload', payload: stl.payload, headers: { ...stl.headers, cookie: buyer.cookie } });
  expect([conversation.statusCode, file.statusCode]).toEqual([201, 201]);
  // A paid order: the buyer has a receipt, the designer a notification, both an order and a billing line.
  const intent = await inject('POST', '/api/payments/intents', buyer.cookie, { type: 'service', id: service._id, quantity: 1 });
  const paid = await inject('POST', `/api/payments/${intent.json()._id}/sandbox-pay`, buyer.cookie, GOOD_CARD);
  const placed = await inject('PATCH', '/api/orders', buyer.cookie, { payment_intent: intent.json()._id });
  expect([intent.statusCode, paid.statusCode, placed.statusCode]).toEqual([201, 200, 200]);
  sessions = { buyer: buyer.cookie, designer: designer.cookie, admin: admin.cookie };
  ids = {
    designer: designer.user._id, service: service._id, conversation: conversation.json()._id, course: course._id, fileLink: file.json().link,
    order: intent.json().orderId, payment: intent.json()._id, month: new Date().toISOString().slice(0, 7),
  };
});

/** Odd query values, as they appear in a URL (already percent-encoded where needed). */
const ODD_VALUES = [
  '', '%20', '-1', '-0', '0', '1.5', '1e21', '1e309', '2147483648', '99999999999999999999999', 'NaN', 'Infinity', '0x10',
  'abc', 'true', 'null', '%5B%5D', '%7B%7D', "'%3B%20drop%20table%20users%3B--", '%3Cscript%3E',
  'x'.repeat(10_000), '%00', 'a%00b', '%1B%5B31m', '%7F', '%C2%85', '%ED%A0%80', '%FF%FE', '%', '%ZZ',
  encodeURIComponent('تاج زركونيا'), encodeURIComponent('😀'), encodeURIComponent('!!! ***'),
  'relevance', 'sales', 'Crown', '00000000-0000-4000-8000-000000000000',
  // Values some schema accepts, so the odd ones meet the code behind it too; and LIKE's own characters.
  'active', 'awaiting_me', 'in_progress', 'due', 'activity', 'requested', 'all', 'en', 'ar', '%25', '_', '%5C',
];

const SERVICE_LIST = ['cat', 'tag', 'search', 'min', 'max', 'sort', 'userId', 'restoration', 'material', 'software', 'limit', 'offset'];
const LANG = ['lang'];

/**
 * Every GET route with a query schema (checked below against the routes the app registers, `route`), its
 * parameters and who may call it; and a few lists that take none, sent parameters they do not know.
 */
const LISTS: Array<{ route: string; path: () => string; params: string[]; as?: keyof typeof sessions }> = [
  { route: '/api/gigs', path: () => '/api/gigs', params: SERVICE_LIST },
  { route: '/api/services', path: () => '/api/services', params: SERVICE_LIST },
  { route: '/api/admin/services', path: () => '/api/admin/services', params: SERVICE_LIST, as: 'admin' },
  { route: '/api/admin/designers', path: () => '/api/admin/designers', params: ['status', 'limit', 'offset'], as: 'admin' },
  { route: '/api/admin/tickets', path: () => '/api/admin/tickets', params: ['limit', 'offset'], as: 'admin' },
  { route: '/api/admin/payouts', path: () => '/api/admin/payouts', params: ['status'], as: 'admin' },
  { route: '/api/courses', path: () => '/api/courses', params: ['search', 'tag', 'creatorId', 'limit', 'offset'] },
  { route: '/api/courses/mine', path: () => '/api/courses/mine', params: ['limit'], as: 'designer' },
  { route: '/api/enroll/my', path: () => '/api/enroll/my', params: ['limit'], as: 'buyer' },
  { route: '/api/users', path: () => '/api/users', params: ['isDesigner', 'search', 'tag', 'limit', 'offset'] },
  { route: '/api/reviews', path: () => '/api/reviews', params: ['serviceId', 'userId', 'limit'] },
  { route: '/api/orders', path: () => '/api/orders', params: ['status', 'q', 'sort', 'limit', 'offset'], as: 'buyer' },
  { route: '/api/orders', path: () => '/api/orders', params: ['status', 'q', 'sort', 'limit', 'offset'], as: 'designer' },
  { route: '/api/orders/balance', path: () => '/api/orders/balance', params: ['limit'], as: 'designer' },
  { route: '/api/orders/:id/prescription.pdf', path: () => `/api/orders/${ids.order}/prescription.pdf`, params: LANG, as: 'buyer' },
  { route: '/api/payments/:id/receipt.pdf', path: () => `/api/payments/${ids.payment}/receipt.pdf`, params: LANG, as: 'buyer' },
  // No refund here, so no credit note: the query is still checked before the note is looked up.
  { route: '/api/credit-notes/:file', path: () => `/api/credit-notes/${ids.payment}.pdf`, params: LANG, as: 'buyer' },
  { route: '/api/statements/:file', path: () => `/api/statements/${ids.month}.pdf`, params: LANG, as: 'designer' },
  { route: '/api/statements/:file', path: () => `/api/statements/${ids.month}.csv`, params: LANG, as: 'buyer' },
  { route: '/api/billing', path: () => '/api/billing', params: ['itemId'], as: 'buyer' },
  { route: '/api/billing', path: () => '/api/billing', params: ['itemId'], as: 'designer' },
  { route: '/api/file', path: () => '/api/file', params: ['limit', 'offset'], as: 'buyer' },
  { route: '/api/conversations', path: () => '/api/conversations', params: ['limit'], as: 'buyer' },
  { route: '/api/conversations/unread-count', path: () => '/api/conversations/unread-count', params: ['limit'], as: 'buyer' },
  { route: '/api/messages/:id', path: () => `/api/messages/${ids.conversation}`, params: ['after', 'before', 'limit'], as: 'buyer' },
  { route: '/api/notifications', path: () => '/api/notifications', params: ['limit', 'before'], as: 'designer' },
  // Not lists, but queries a client (a mail reader) sends: they redirect (3xx) or answer a page.
  { route: '/api/newsletter/confirm', path: () => '/api/newsletter/confirm', params: ['token'] },
  { route: '/api/account/email/confirm', path: () => '/api/account/email/confirm', params: ['token'] },
  { route: '/api/notifications/unsubscribe', path: () => '/api/notifications/unsubscribe', params: ['u', 'k', 's'] },
];

const fails = (res: { statusCode: number }) => res.statusCode >= 500 || res.statusCode < 200;

describe('list endpoints answer 2xx or 4xx to any query', () => {
  it('fuzzes every GET route that takes a query, on every parameter it takes', () => {
    // A new route with a query schema, or a new parameter of one, fails here until it is in LISTS.
    expect(QUERY_ROUTES.length).toBeGreaterThan(15);
    const missing = QUERY_ROUTES.flatMap(({ url, params }) => {
      const fuzzed = new Set(LISTS.filter((l) => l.route === url).flatMap((l) => l.params));
      const left = params.filter((p) => !fuzzed.has(p));
      return fuzzed.size === 0 ? [`${url} (not in LISTS)`] : left.length ? [`${url}: ${left.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
    // And every route in LISTS is one the app has (a renamed route would leave a stale entry).
    expect(LISTS.filter((l) => !app.hasRoute({ method: 'GET', url: l.route })).map((l) => l.route)).toEqual([]);
  });

  it.each(LISTS.map((l) => ({ ...l, name: `${l.route}${l.as ? ` as ${l.as}` : ''}` })))('GET $name', { timeout: 120_000 }, async ({ path, params, as }) => {
    const cookie = as ? sessions[as] : undefined;
    const failures: string[] = [];
    const check = async (query: string) => {
      const url = `${path()}?${query}`;
      const res = await inject('GET', url, cookie);
      if (fails(res)) failures.push(`${res.statusCode} GET ${url.slice(0, 120)}: ${res.body.slice(0, 200)}`);
    };
    for (const param of params) {
      for (const value of ODD_VALUES) await check(`${param}=${value}`);
      // Repeated, array-like and bare parameters.
      await check(`${param}=1&${param}=2`);
      await check(`${param}=relevance&${param}=`);
      await check(`${param}[]=1`);
      await check(`${param}[0]=1&${param}[1]=2`);
      await check(param);
    }
    await check(params.map((p) => `${p}=%00`).join('&'));
    await check(params.map((p) => `${p}=-1`).join('&'));
    expect(failures).toEqual([]);
  });

  it('sorts by relevance without a search as the default order (it answered 500)', async () => {
    for (let i = 0; i < 2; i++) await inject('POST', '/api/services', sessions.designer, newServiceInput({ title: `Bridge ${i}`, toothPrice: 10 + i }));
    for (const url of ['/api/gigs', '/api/services', '/api/admin/services']) {
      const cookie = url.includes('admin') ? sessions.admin : undefined;
      const byDefault = await inject('GET', `${url}?sort=sales`, cookie);
      for (const query of ['sort=relevance', 'sort=relevance&search=', 'sort=relevance&search=%21%21%21', 'sort=relevance&min=1&max=100&offset=1&limit=2']) {
        const res = await inject('GET', `${url}?${query}`, cookie);
        expect(res.statusCode, `${url}?${query}`).toBe(200);
        if (!query.includes('offset')) expect(res.json().map((s: { _id: string }) => s._id)).toEqual(byDefault.json().map((s: { _id: string }) => s._id));
      }
    }
  });

  it('answers an empty list to a price range whose min is above its max', async () => {
    const all = await inject('GET', '/api/gigs?min=1&max=1000');
    expect(all.json().length).toBeGreaterThan(0);
    for (const query of ['min=100&max=10', 'min=1000000&max=0', 'min=30&max=29.99&sort=relevance']) {
      const res = await inject('GET', `/api/gigs?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
    }
  });

  it('names the parameter in a 400 for out-of-range numbers and control characters', async () => {
    const cases: Array<[string, string, string?]> = [
      ['/api/gigs?search=crown%00', 'search', CONTROL_CHARACTERS_MESSAGE],
      ['/api/gigs?search=%1B%5B31m', 'search', CONTROL_CHARACTERS_MESSAGE],
      ['/api/courses?search=a%00b', 'search', CONTROL_CHARACTERS_MESSAGE],
      ['/api/users?search=%7F', 'search', CONTROL_CHARACTERS_MESSAGE],
      ['/api/gigs?min=1e309', 'min'],
      ['/api/gigs?max=2000000', 'max'],
      ['/api/gigs?min=-1', 'min'],
      ['/api/gigs?offset=1e21', 'offset'],
      ['/api/users?offset=99999999999999999999999', 'offset'],
      ['/api/courses?limit=0', 'limit'],
      ['/api/gigs?sort=relevance&sort=sales', 'sort'],
    ];
    for (const [url, field, message] of cases) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), url).toContain(field);
      if (message) expect(res.json().fieldErrors[field], url).toBe(message);
    }
    for (const url of ['/api/admin/tickets?offset=1e21', '/api/admin/designers?offset=100001']) {
      const res = await inject('GET', url, sessions.admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('offset');
    }
    const files = await inject('GET', '/api/file?offset=1e21', sessions.buyer);
    expect(files.statusCode).toBe(400);
  });
});

/** Ids that are not ids, as they appear in a path. */
const BAD_IDS = ['not-an-id', '%00', 'a%00b', '00000000-0000-4000-8000-000000000000%00', '%1B', 'x%7Fy', encodeURIComponent('سن'), '..%2F..%2Fetc%2Fpasswd', '12345', '0'];

describe('a malformed id in the path is a 404', () => {
  const routes: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: (id: string) => string; as?: keyof typeof sessions; body?: unknown }> = [
    { method: 'GET', url: (id) => `/api/services/${id}` },
    { method: 'GET', url: (id) => `/api/services/single/${id}` },
    { method: 'PATCH', url: (id) => `/api/services/${id}`, as: 'designer', body: { title: 'New title' } },
    { method: 'DELETE', url: (id) => `/api/services/${id}`, as: 'designer' },
    { method: 'GET', url: (id) => `/api/users/profile/${id}` },
    { method: 'PATCH', url: (id) => `/api/users/profile/${id}`, as: 'designer', body: { description: 'Hello' } },
    { method: 'GET', url: (id) => `/api/courses/${id}` },
    { method: 'PATCH', url: (id) => `/api/courses/${id}`, as: 'designer', body: { title: 'New title' } },
    { method: 'DELETE', url: (id) => `/api/courses/${id}`, as: 'designer' },
    { method: 'GET', url: (id) => `/api/courses/videos/${id}`, as: 'designer' },
    { method: 'GET', url: (id) => `/api/courses/${ids.course}/lessons/${id}/video`, as: 'designer' },
    { method: 'GET', url: (id) => `/api/courses/${id}/lessons/${id}/video`, as: 'designer' },
    { method: 'POST', url: (id) => `/api/courses/${ids.course}/lessons/${id}/progress`, as: 'designer', body: { position: 1 } },
    { method: 'GET', url: (id) => `/api/orders/${id}`, as: 'buyer' },
    { method: 'POST', url: (id) => `/api/orders/${id}/accept`, as: 'buyer' },
    { method: 'POST', url: (id) => `/api/orders/${id}/cancel`, as: 'buyer' },
    { method: 'POST', url: (id) => `/api/orders/${id}/revision`, as: 'buyer', body: { note: 'More' } },
    { method: 'GET', url: (id) => `/api/orders/${id}/files/${id}`, as: 'buyer' },
    { method: 'GET', url: (id) => `/api/orders/${randomUUID()}/files/${id}`, as: 'buyer' },
    { method: 'GET', url: (id) => `/api/payments/${id}`, as: 'buyer' },
    { method: 'POST', url: (id) => `/api/payments/${id}/sandbox-confirm`, as: 'buyer', body: { approve: true } },
    { method: 'GET', url: (id) => `/api/files/${id}` },
    { method: 'GET', url: (id) => `/api/files/${id}/info` },
    { method: 'GET', url: (id) => `/api/messages/${id}`, as: 'buyer' },
    { method: 'PATCH', url: (id) => `/api/conversations/${id}`, as: 'buyer' },
    { method: 'GET', url: (id) => `/api/conversations/single/${id}/${id}`, as: 'buyer' },
    { method: 'GET', url: (id) => `/api/conversations/${id}/attachments/${id}`, as: 'buyer' },
    { method: 'GET', url: (id) => `/api/conversations/${ids.conversation}/attachments/${id}`, as: 'buyer' },
    { method: 'POST', url: (id) => `/api/conversations/${id}/attachments`, as: 'buyer' },
    { method: 'PATCH', url: (id) => `/api/admin/users/${id}`, as: 'admin', body: { isVerified: true } },
    { method: 'PATCH', url: (id) => `/api/admin/services/${id}`, as: 'admin', body: { hidden: true } },
  ];

  it.each(routes.map((r) => ({ ...r, name: r.url('{id}') })))('$method $name', async ({ method, url, as, body }) => {
    const wrong: string[] = [];
    for (const id of BAD_IDS) {
      const res = await inject(method, url(id), as ? sessions[as] : undefined, body);
      if (res.statusCode !== 404 || !/NOT_FOUND$/.test(res.json().code)) wrong.push(`${res.statusCode} ${method} ${url(id)}: ${res.body.slice(0, 160)}`);
    }
    // Longer than any id: the router refuses it before the route (414) or the route finds nothing (404).
    const long = await inject(method, url('x'.repeat(10_000)), as ? sessions[as] : undefined, body);
    if (![404, 414].includes(long.statusCode)) wrong.push(`${long.statusCode} for a 10k id`);
    expect(wrong).toEqual([]);
  });

  it("answers each resource's own not-found code, named by the route's params schema", async () => {
    const expected: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, as: keyof typeof sessions | undefined, code: string]> = [
      ['GET', '/api/services/single/nope', undefined, 'SERVICE_NOT_FOUND'],
      ['GET', '/api/users/profile/nope', undefined, 'USER_NOT_FOUND'],
      ['GET', '/api/courses/nope', undefined, 'COURSE_NOT_FOUND'],
      ['GET', '/api/courses/videos/nope', 'designer', 'VIDEO_NOT_FOUND'],
      ['GET', `/api/courses/${ids.course}/lessons/nope/video`, 'designer', 'LESSON_NOT_FOUND'],
      ['GET', '/api/orders/nope', 'buyer', 'ORDER_NOT_FOUND'],
      ['GET', `/api/orders/${randomUUID()}/files/nope`, 'buyer', 'CASE_FILE_NOT_FOUND'],
      ['GET', '/api/payments/nope', 'buyer', 'PAYMENT_NOT_FOUND'],
      ['GET', '/api/files/a%00b', undefined, 'FILE_NOT_FOUND'],
      ['PATCH', '/api/conversations/nope', 'buyer', 'CONVERSATION_NOT_FOUND'],
      ['GET', `/api/conversations/${ids.conversation}/attachments/nope`, 'buyer', 'ATTACHMENT_NOT_FOUND'],
      ['DELETE', '/api/account/sessions/nope', 'buyer', 'SESSION_NOT_FOUND'],
      ['GET', '/api/preferences/nope', 'buyer', 'PRESET_NOT_FOUND'],
      ['GET', '/api/payments/nope/receipt.pdf', 'buyer', 'RECEIPT_NOT_FOUND'],
      ['GET', '/api/credit-notes/nope.pdf', 'buyer', 'CREDIT_NOTE_NOT_FOUND'],
      ['POST', '/api/admin/payouts/nope/paid', 'admin', 'PAYOUT_NOT_FOUND'],
      ['PATCH', '/api/admin/users/nope', 'admin', 'NOT_FOUND'],
    ];
    const answers = [];
    for (const [method, url, as, code] of expected) {
      const res = await inject(method, url, as ? sessions[as] : undefined, method === 'GET' || method === 'DELETE' ? undefined : {});
      answers.push([url, res.statusCode, res.json().code, res.json().message]);
      expect(res.json().message, url).toBe(ERRORS[code as ErrorCode].message);
    }
    expect(answers.map(([url, status, code]) => [url, status, code])).toEqual(expected.map(([, url, , code]) => [url, 404, code]));
  });

  it('keeps the route sentence for the 404', async () => {
    expect((await inject('GET', '/api/services/single/a%00b')).json()).toEqual({ message: 'Service not found.', code: 'SERVICE_NOT_FOUND' });
    expect((await inject('GET', '/api/files/a%00b/info')).json()).toEqual({ message: 'This file does not exist or was deleted.', code: 'FILE_NOT_FOUND' });
    expect((await inject('GET', '/api/courses/not-an-id')).json()).toEqual({ message: 'Course not found.', code: 'COURSE_NOT_FOUND' });
  });
});

const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\ud800'];

/** Every string in a JSON body, with its dotted path. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}
function withValue(body: unknown, path: string[], replace: (old: string) => string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  node[last] = replace(node[last] as string);
  return copy;
}

/** A fingerprint of everything a request could have stored. */
async function storedState() {
  const tables = ['users', 'services', 'courses', 'lessons', 'enrollments', 'files', 'conversations', 'messages', 'orders', 'payments', 'reviews', 'support_tickets', 'newsletter_subscribers'];
  const state: Record<string, string> = {};
  for (const table of tables) {
    const result = (await ctx.db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`))) as unknown as { rows: Array<{ n: number; h: string }> };
    state[table] = `${result.rows[0]!.n}:${result.rows[0]!.h}`;
  }
  return state;
}

describe('control characters in a body are a 400 naming the field, and store nothing', () => {
  const bodies: Array<{ method: 'POST' | 'PATCH' | 'DELETE'; name: string; url: () => string; as?: keyof typeof sessions; body: () => unknown }> = [
    {
      method: 'POST',
      name: '/api/messages', url: () => '/api/messages',
      as: 'buyer',
      body: () => ({ conversationID: ids.conversation, description: 'Hello, the scan is attached.\nThanks', clientId: 'client-0001', attachments: [{ url: '/media/images/scan.png', name: 'scan.png', type: 'image' }] }),
    },
    { method: 'POST', name: '/api/services', url: () => '/api/services', as: 'designer', body: () => newServiceInput({ images: ['/media/images/a.png'] }) },
    { method: 'PATCH', name: '/api/services/{id}', url: () => `/api/services/${ids.service}`, as: 'designer', body: () => ({ title: 'Crown', description: 'Zirconia crowns', tags: ['Crown'] }) },
    { method: 'POST', name: '/api/support/tickets', url: () => '/api/support/tickets', body: () => ({ name: 'Dr Lina', email: 'lina@example.com', subject: 'Invoice', message: 'Line one\nline two' }) },
    { method: 'PATCH', name: '/api/orders', url: () => '/api/orders', as: 'buyer', body: () => ({ payment_intent: '3b241101-e2bb-4255-8caf-4136c566a962', provider_payment_id: 'pay_123' }) },
    { method: 'POST', name: '/api/enroll', url: () => '/api/enroll', as: 'buyer', body: () => ({ courseId: ids.course, transactionId: 'tx_123', paymentMethod: 'card' }) },
    { method: 'DELETE', name: '/api/file/delete', url: () => '/api/file/delete', as: 'buyer', body: () => ({ link: ids.fileLink }) },
    { method: 'PATCH', name: '/api/users/profile/{id}', url: () => `/api/users/profile/${ids.designer}`, as: 'designer', body: () => ({ description: 'Crowns', website: 'https://example.com/me', software: ['exocad'] }) },
    { method: 'POST', name: '/api/conversations', url: () => '/api/conversations', as: 'buyer', body: () => ({ to: ids.designer }) },
    { method: 'POST', name: '/api/reviews', url: () => '/api/reviews', as: 'buyer', body: () => ({ orderId: randomUUID(), star: 5, desc: 'Great work' }) },
    { method: 'POST', name: '/api/payments/intents', url: () => '/api/payments/intents', as: 'buyer', body: () => ({ type: 'service', id: ids.service, quantity: 1, requirements: 'Shade A2' }) },
    { method: 'POST', name: '/api/newsletter', url: () => '/api/newsletter', body: () => ({ email: 'news@example.com' }) },
    { method: 'POST', name: '/api/auth/login', url: () => '/api/auth/login', body: () => ({ email: 'nobody@example.com', password: 'correct-horse-1' }) },
    { method: 'POST', name: '/api/auth/forgot-password', url: () => '/api/auth/forgot-password', body: () => ({ email: 'nobody@example.com' }) },
    { method: 'POST', name: '/api/auth/reset-password', url: () => '/api/auth/reset-password', body: () => ({ token: 'abc', password: 'correct-horse-1', confirmPassword: 'correct-horse-1' }) },
    {
      method: 'POST',
      name: '/api/auth/register', url: () => '/api/auth/register',
      body: () => ({ username: 'fuzz_user', email: 'fuzz@example.com', password: 'correct-horse-1', confirmPassword: 'correct-horse-1', phone: '+966 50 123 4567' }),
    },
    {
      method: 'POST',
      name: '/api/courses', url: () => '/api/courses',
      as: 'designer',
      body: () => ({ title: 'Course', description: 'About crowns', lessons: [{ title: 'Lesson', videoUrl: `/api/courses/videos/${randomUUID()}`, duration: '10:30' }] }),
    },
  ];

  it.each(bodies)('$method $name', { timeout: 60_000 }, async ({ method, url, as, body }) => {
    const before = await storedState();
    const wrong: string[] = [];
    const base = body();
    for (const path of stringPaths(base)) {
      const field = path.join('.');
      for (const c of CONTROLS) {
        for (const replace of [(v: string) => `${v.slice(0, 2)}${c}${v.slice(2)}`, (v: string) => `${v}${c}`, () => c]) {
          const payload = withValue(base, path, replace);
          const res = await inject(method, url(), as ? sessions[as] : undefined, payload);
          const json = res.json();
          // A malformed id in a body is a field of the form: 400 naming it, as any other field.
          if (res.statusCode !== 400 || !json.fieldErrors || !(field in json.fieldErrors)) {
            wrong.push(`${res.statusCode} ${method} ${url()} ${field}=${JSON.stringify(replace('ab'))}: ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    // Any value of any field (numbers and booleans too) as a NUL: never a 5xx.
    for (const key of Object.keys(base as object)) {
      const res = await inject(method, url(), as ? sessions[as] : undefined, { ...(base as object), [key]: '\u0000' });
      if (fails(res) || res.statusCode === 200 || res.statusCode === 201 || res.statusCode === 204) wrong.push(`${res.statusCode} ${key}=NUL`);
    }
    expect(wrong).toEqual([]);
    expect(await storedState()).toEqual(before);
  });

  it('says which character is wrong in words the web app translates', async () => {
    const res = await inject('POST', '/api/support/tickets', undefined, { name: 'Dr Lina', email: 'lina@example.com', subject: 'Invoice', message: 'Hello\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CONTROL_CHARACTERS_MESSAGE, code: 'VALIDATION', fieldErrors: { message: CONTROL_CHARACTERS_MESSAGE }, fieldCodes: { message: 'CONTROL_CHARACTERS' } });
    // Tabs and line breaks are fine in multi-line text; the ticket is stored as sent.
    const ok = await inject('POST', '/api/support/tickets', undefined, { name: 'Dr Lina', email: 'lina@example.com', subject: 'Invoice', message: 'Line one\r\n\tline two' });
    expect(ok.statusCode).toBe(201);
  });
});

describe('the error handler', () => {
  it('answers 400, not 500, to a database value error that slipped past the schemas', async () => {
    // What a forgotten schema would let reach PostgreSQL: a NUL, a malformed uuid, a negative LIMIT.
    const errors = await Promise.all(
      [sql`select ${'a\u0000b'}::text`, sql`select ${'not-a-uuid'}::uuid`, sql`select 1 limit ${-1}`].map((query) =>
        ctx.db.execute(query).then(() => null, (error: unknown) => error),
      ),
    );
    expect(errors.every((e) => e instanceof Error)).toBe(true);
    // The handler sees those very errors: each becomes a 400 (errors.ts, ADR 0023).
    const probe = Fastify();
    registerErrorHandler(probe);
    errors.forEach((error, i) => probe.get(`/probe/${i}`, async () => Promise.reject(error)));
    for (let i = 0; i < errors.length; i++) {
      const res = await probe.inject({ method: 'GET', url: `/probe/${i}` });
      expect(res.statusCode, String(errors[i])).toBe(400);
      expect(res.json().code).toBe('INVALID_VALUE');
    }
    await probe.close();
  });
});
