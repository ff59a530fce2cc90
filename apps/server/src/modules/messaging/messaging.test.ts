import { afterAll, describe, expect, it } from 'vitest';
import type { MessageJson } from '@cusp/shared';
import { signUpAndLogin, signUpDesigner, useTestApp } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { baseUrl, nextEvent, socketFor, type ClientSocket } from '../../../test/sockets.js';

const { app } = await useTestApp();
const designer = await signUpDesigner(app);
const buyer = await signUpAndLogin(app);
const outsider = await signUpAndLogin(app);
const sockets: ClientSocket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));
const open = async (cookie?: string, origin?: string) => {
  const s = await socketFor(await baseUrl(app), cookie, origin);
  sockets.push(s);
  return s;
};
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
let n = 0;
const clientId = () => `c${Date.now().toString(36)}${++n}`;

const start = await inject('POST', '/api/conversations', buyer.cookie, { to: designer.user._id });
const conversationID: string = start.json()._id;

describe('conversations (D18)', () => {
  it('creates once (201) then returns the same one (200), with the designer as seller', async () => {
    expect(start.statusCode).toBe(201);
    expect(start.json()).toMatchObject({ conversationID, sellerID: { _id: designer.user._id }, buyerID: { _id: buyer.user._id } });
    const again = await inject('POST', '/api/conversations', buyer.cookie, { to: designer.user._id, from: buyer.user._id });
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(conversationID);
    // The designer contacting the buyer finds the same conversation.
    const back = await inject('POST', '/api/conversations', designer.cookie, { to: buyer.user._id });
    expect(back.json()._id).toBe(conversationID);
  });

  it('refuses a `from` other than the caller, and a conversation with oneself', async () => {
    expect((await inject('POST', '/api/conversations', outsider.cookie, { to: designer.user._id, from: buyer.user._id })).statusCode).toBe(403);
    expect((await inject('POST', '/api/conversations', buyer.cookie, { to: buyer.user._id })).statusCode).toBe(400);
  });

  it('finds the conversation by its pair for a participant only', async () => {
    const url = `/api/conversations/single/${designer.user._id}/${buyer.user._id}`;
    expect((await inject('GET', url, buyer.cookie)).json()).toEqual({ conversationID });
    expect((await inject('GET', url, outsider.cookie)).statusCode).toBe(403);
    expect((await inject('GET', `/api/conversations/single/${designer.user._id}/${outsider.user._id}`, outsider.cookie)).statusCode).toBe(404);
  });
});

describe('messages over REST', () => {
  it('stores a message, previews it in the list, and unread flips for the other side', async () => {
    const text = 'Hello, can you design a 3-unit bridge 14-16 in zirconia? Scans attached soon.';
    const res = await inject('POST', '/api/messages', buyer.cookie, { conversationID, description: `  ${text}  `, clientId: clientId() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ description: text, role: 'user', userID: { _id: buyer.user._id } });
    const list = (await inject('GET', '/api/conversations', designer.cookie)).json();
    expect(list[0]).toMatchObject({ _id: conversationID, lastMessage: `${text.slice(0, 50)}…`, readBySeller: false, readByBuyer: true });
    expect((await inject('GET', '/api/conversations/unread-count', designer.cookie)).json()).toEqual({ count: 1 });
    expect((await inject('PATCH', `/api/conversations/${conversationID}`, designer.cookie)).statusCode).toBe(204);
    expect((await inject('GET', '/api/conversations/unread-count', designer.cookie)).json()).toEqual({ count: 0 });
  });

  it('refuses blank and 500-character messages, storing nothing', async () => {
    const before = (await inject('GET', `/api/messages/${conversationID}`, buyer.cookie)).json().length;
    const blank = await inject('POST', '/api/messages', buyer.cookie, { conversationID, description: '   ', clientId: clientId() });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please write a message.');
    const long = await inject('POST', '/api/messages', buyer.cookie, { conversationID, description: 'x'.repeat(500), clientId: clientId() });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A message must be fewer than 500 characters.');
    expect((await inject('POST', '/api/messages', buyer.cookie, { conversationID, description: 'x'.repeat(499), clientId: clientId() })).statusCode).toBe(201);
    expect((await inject('GET', `/api/messages/${conversationID}`, buyer.cookie)).json().length).toBe(before + 1);
  });

  it('stores a retried clientId once', async () => {
    const id = clientId();
    const first = await inject('POST', '/api/messages', buyer.cookie, { conversationID, description: 'Once only', clientId: id });
    const second = await inject('POST', '/api/messages', buyer.cookie, { conversationID, description: 'Once only', clientId: id });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()._id).toBe(first.json()._id);
    const all = (await inject('GET', `/api/messages/${conversationID}`, buyer.cookie)).json() as MessageJson[];
    expect(all.filter((m) => m.clientId === id)).toHaveLength(1);
  });

  it('keeps outsiders out of reading, writing and marking read', async () => {
    expect((await inject('GET', `/api/messages/${conversationID}`, outsider.cookie)).statusCode).toBe(403);
    expect((await inject('POST', '/api/messages', outsider.cookie, { conversationID, description: 'hi', clientId: clientId() })).statusCode).toBe(403);
    expect((await inject('PATCH', `/api/conversations/${conversationID}`, outsider.cookie)).statusCode).toBe(403);
    expect((await inject('GET', '/api/conversations', outsider.cookie)).json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/conversations' })).statusCode).toBe(401);
  });

  it('accepts attachments uploaded to the conversation only (docs/decisions/0020)', async () => {
    const body = multipart({}, [{ field: 'file', name: 'upper.stl', type: 'model/stl', data: binaryStl() }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationID}/attachments`,
      payload: body.payload,
      headers: { ...body.headers, cookie: buyer.cookie },
    });
    expect(uploaded.statusCode).toBe(201);
    const ok = await inject('POST', '/api/messages', buyer.cookie, { conversationID, description: 'Upper scan', clientId: clientId(), attachments: [uploaded.json()] });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().attachments).toEqual([uploaded.json()]);
    for (const url of ['https://evil.example/x.stl', '/media/files/0b0c0d0e-aaaa-4bbb-8ccc-123456789abc.stl']) {
      const foreign = await inject('POST', '/api/messages', buyer.cookie, { conversationID, description: 'x', clientId: clientId(), attachments: [{ url, name: 'x', type: 'raw' }] });
      expect(foreign.statusCode).toBe(400);
    }
  });
});

describe('real-time delivery', () => {
  it('refuses a socket without a session, or from another site', async () => {
    await expect(open()).rejects.toThrow(/unauthorized/);
    await expect(open(buyer.cookie, 'https://evil.example')).rejects.toThrow();
  });

  it('delivers a message to every socket of both participants, acknowledged once, even when retried', async () => {
    const buyerTab1 = await open(buyer.cookie);
    const buyerTab2 = await open(buyer.cookie);
    const designerTab = await open(designer.cookie);
    const outsiderTab = await open(outsider.cookie);
    let outsiderGot = 0;
    outsiderTab.on('message:received', () => outsiderGot++);
    // The sending tab has the message in its acknowledgement; it is not sent to it a second time.
    let senderGot = 0;
    buyerTab1.on('message:received', () => senderGot++);

    const arrivals = [nextEvent(buyerTab2, 'message:received'), nextEvent(designerTab, 'message:received')];
    const payload = { conversationID, description: 'Live hello', clientId: clientId() };
    const ack = await buyerTab1.emitWithAck('message:send', payload);
    expect(ack).toMatchObject({ ok: true, message: { description: 'Live hello' } });
    const [tab2, des] = (await Promise.all(arrivals)) as [MessageJson, MessageJson];
    expect(tab2._id).toBe(ack.ok && ack.message._id);
    expect(des._id).toBe(tab2._id);

    // A retry after a lost acknowledgement: same message back, nothing new delivered.
    let extra = 0;
    designerTab.on('message:received', () => extra++);
    const retry = await buyerTab1.emitWithAck('message:send', payload);
    expect(retry.ok && retry.message._id).toBe(tab2._id);
    await new Promise((r) => setTimeout(r, 200));
    expect(extra).toBe(0);
    expect(outsiderGot).toBe(0);
    expect(senderGot).toBe(0);
  });

  it('answers a bad or foreign send with ok: false', async () => {
    const outsiderTab = await open(outsider.cookie);
    expect(await outsiderTab.emitWithAck('message:send', { conversationID, description: 'intrude', clientId: clientId() })).toEqual({ ok: false, message: 'You are not part of this conversation.', code: 'CONVERSATION_NOT_A_PARTY' });
    expect(await outsiderTab.emitWithAck('message:send', { conversationID, description: ' ', clientId: clientId() })).toEqual({ ok: false, message: 'Please write a message.', code: 'MESSAGE_BLANK' });
  });

  it('relays typing to the other participant only', async () => {
    const designerTab = await open(designer.cookie);
    const buyerTab = await open(buyer.cookie);
    const typing = nextEvent(designerTab, 'typing');
    buyerTab.emit('typing', { conversationID, isTyping: true });
    expect(await typing).toEqual({ conversationID, userID: buyer.user._id, isTyping: true });
  });

  it('lets a client catch up after a disconnect, without duplicates', async () => {
    const designerTab = await open(designer.cookie);
    const seen = nextEvent(designerTab, 'message:received');
    await inject('POST', '/api/messages', buyer.cookie, { conversationID, description: 'before the drop', clientId: clientId() });
    const last = await seen;
    designerTab.disconnect();
    for (const text of ['missed one', 'missed two']) await inject('POST', '/api/messages', buyer.cookie, { conversationID, description: text, clientId: clientId() });
    const missed = (await inject('GET', `/api/messages/${conversationID}?after=${last._id}`, designer.cookie)).json() as MessageJson[];
    expect(missed.map((m) => m.description)).toEqual(['missed one', 'missed two']);
  });

  it('closes the sockets of a session that logs out', async () => {
    const session = await signUpAndLogin(app);
    const socket = await open(session.cookie);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    await inject('POST', '/api/auth/logout', session.cookie);
    await expect(closed).resolves.toBeDefined();
    await expect(open(session.cookie)).rejects.toThrow(/unauthorized/);
  });
});
