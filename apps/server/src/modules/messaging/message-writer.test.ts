import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages, notifications } from '../../db/schema/index.js';
import { signUpAndLogin, signUpDesigner, useTestApp } from '../../../test/helper.js';

/** Chat messages are written in batches (docs/decisions/0046): what a burst of messages must still get right. */
const { app, ctx } = await useTestApp();
const designer = await signUpDesigner(app);
const buyers = [await signUpAndLogin(app), await signUpAndLogin(app), await signUpAndLogin(app)];
const post = (cookie: string, payload: object) => app.inject({ method: 'POST', url: '/api/messages', headers: { cookie }, payload });
const conversationOf = async (cookie: string) =>
  (await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload: { to: designer.user._id } })).json()._id as string;
const ids = await Promise.all(buyers.map((b) => conversationOf(b.cookie)));
let n = 0;
const clientId = () => `w${Date.now().toString(36)}${++n}`;

describe('messages written in batches', () => {
  it('a burst across conversations: each message stored once, previews follow the newest, one notification per conversation counting them, written together', async () => {
    const sends = buyers.flatMap((b, i) => Array.from({ length: 10 }, (_, k) => ({ cookie: b.cookie, conversationID: ids[i]!, description: `case ${i}-${k}`, clientId: clientId() })));
    const retried = sends[3]!; // the same clientId twice in the burst: one message
    const answers = await Promise.all([...sends, retried].map((s) => post(s.cookie, s)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(30).fill(201)]);
    expect(answers[30]!.json()._id).toBe(answers[3]!.json()._id);

    const stored = await ctx.db.select().from(messages).where(inArray(messages.conversationId, ids));
    expect(stored.map((m) => m.description).sort()).toEqual(sends.map((s) => s.description).sort());
    for (const id of ids) {
      const newest = stored.filter((m) => m.conversationId === id).sort((a, b) => b.seq - a.seq)[0]!;
      const [c] = await ctx.db.select().from(conversations).where(eq(conversations.id, id));
      expect(c).toMatchObject({ lastMessage: newest.description, readBySeller: false, readByBuyer: true });
      expect(c!.updatedAt.getTime()).toBe(newest.createdAt.getTime());
    }
    // The designer looks at none of them: one unread notification per conversation, counting its ten messages
    // (ADR 0027), whichever batches they were written in.
    const told = (await ctx.db.select().from(notifications).where(eq(notifications.userId, designer.user._id))).filter((t) => t.kind === 'message_received');
    expect(told.map((t) => t.link).sort()).toEqual(ids.map((id) => `/message/${id}`).sort());
    expect(told.map((t) => t.params.count)).toEqual([10, 10, 10]);
    // Written together: a batch is one transaction, whose messages share its start time
    // (1-2 batches when measured; one by one would make 30.)
    expect(new Set(stored.map((m) => m.createdAt.getTime())).size).toBeLessThanOrEqual(10);
  });

  it('a message that cannot be stored fails alone; the rest of its batch is stored', async () => {
    // Both parties' conversation is checked (and its people cached) by a first message, then deleted.
    const doomed = await signUpAndLogin(app);
    const doomedId = await conversationOf(doomed.cookie);
    expect((await post(doomed.cookie, { conversationID: doomedId, description: 'first', clientId: clientId() })).statusCode).toBe(201);
    await ctx.db.delete(conversations).where(eq(conversations.id, doomedId));

    const live = Array.from({ length: 5 }, (_, k) => ({ conversationID: ids[0]!, description: `live ${k}`, clientId: clientId() }));
    const [gone, ...rest] = await Promise.all([
      post(doomed.cookie, { conversationID: doomedId, description: 'into the void', clientId: clientId() }),
      ...live.map((s) => post(buyers[0]!.cookie, s)),
    ]);
    expect(gone!.statusCode).toBe(404);
    expect(rest.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    const stored = await ctx.db.select({ description: messages.description }).from(messages).where(eq(messages.conversationId, ids[0]!));
    expect(stored.map((m) => m.description)).toEqual(expect.arrayContaining(live.map((s) => s.description)));
    // And it stays a 404, now known without trying to write.
    expect((await post(doomed.cookie, { conversationID: doomedId, description: 'again', clientId: clientId() })).statusCode).toBe(404);
  });
});
