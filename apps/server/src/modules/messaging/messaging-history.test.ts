import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MessageJson } from '@cusp/shared';
import { signUpAndLogin, signUpDesigner, useTestApp } from '../../../test/helper.js';

/** GET /api/messages/{id}?before=<messageId>: reading a long conversation back, page by page. */
const { app } = await useTestApp();
const designer = await signUpDesigner(app);
const buyer = await signUpAndLogin(app);
const outsider = await signUpAndLogin(app);

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object) => app.inject({ method: 'POST', url, headers: { cookie }, payload });
let n = 0;
const clientId = () => `h${Date.now().toString(36)}${++n}`;

const conversationID: string = (await post('/api/conversations', buyer.cookie, { to: designer.user._id })).json()._id;
// A second conversation of the same designer, written to in between, so that `seq` has gaps here.
const otherID: string = (await post('/api/conversations', outsider.cookie, { to: designer.user._id })).json()._id;

const TOTAL = 120;
const sent: string[] = [];
let foreignId = '';
for (let i = 1; i <= TOTAL; i += 1) {
  const author = i % 3 === 0 ? designer : buyer;
  const description = `History message ${i}`;
  const res = await post('/api/messages', author.cookie, { conversationID, description, clientId: clientId() });
  if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  sent.push(res.json()._id);
  if (i % 10 === 0) {
    const other = await post('/api/messages', outsider.cookie, { conversationID: otherID, description: `Elsewhere ${i}`, clientId: clientId() });
    foreignId = other.json()._id;
  }
}

const page = async (query: string, cookie = buyer.cookie) => {
  const res = await get(`/api/messages/${conversationID}${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MessageJson[];
};

describe('history pages (before)', () => {
  it('reads the whole conversation back in pages, every message once and in order', async () => {
    const pages: MessageJson[][] = [await page('?limit=50')];
    // Back until a short page (at most 5 pages, so a server that ignores `before` fails rather than loops).
    while (pages[0]!.length === 50 && pages.length < 5) pages.unshift(await page(`?limit=50&before=${pages[0]![0]!._id}`));
    expect(pages.map((p) => p.length)).toEqual([20, 50, 50]);
    const all = pages.flat();
    expect(all.map((m) => m._id)).toEqual(sent);
    expect(all.map((m) => m.description)).toEqual(sent.map((_, i) => `History message ${i + 1}`));
    expect(all.every((m) => m.conversationID === conversationID)).toBe(true);
    // Before the very first message there is nothing.
    expect(await page(`?limit=50&before=${sent[0]}`)).toEqual([]);
  });

  it('answers the `limit` messages just before the given one, oldest first, for either participant', async () => {
    const before = sent[60]!;
    const expected = sent.slice(53, 60);
    expect((await page(`?limit=7&before=${before}`)).map((m) => m._id)).toEqual(expected);
    expect((await page(`?limit=7&before=${before}`, designer.cookie)).map((m) => m._id)).toEqual(expected);
    // Without a limit: the default page (200) holds everything before it.
    expect((await page(`?before=${before}`)).map((m) => m._id)).toEqual(sent.slice(0, 60));
  });

  it('refuses `after` and `before` together', async () => {
    const res = await get(`/api/messages/${conversationID}?after=${sent[10]}&before=${sent[20]}`, buyer.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Use either "after" or "before", not both.' });
  });

  it('refuses a message id that is not in this conversation', async () => {
    for (const id of [randomUUID(), foreignId, 'not-a-uuid']) {
      const res = await get(`/api/messages/${conversationID}?before=${id}`, buyer.cookie);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe('Unknown message id in "before".');
    }
    // The other conversation's message is real: its own participants page back from it.
    const res = await get(`/api/messages/${otherID}?before=${foreignId}&limit=500`, outsider.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(TOTAL / 10 - 1);
  });

  it('keeps everyone else out: 403 for a non-participant, 401 without a session', async () => {
    const res = await get(`/api/messages/${conversationID}?before=${sent[100]}`, outsider.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You are not part of this conversation.');
    // The same answer for an id that does not exist: no hint whether it does.
    expect((await get(`/api/messages/${conversationID}?before=${randomUUID()}`, outsider.cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/messages/${conversationID}?before=${sent[100]}` })).statusCode).toBe(401);
  });
});
