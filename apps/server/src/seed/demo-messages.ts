import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { users } from '../db/schema/index.js';
import { insertDemoConversation } from './direct-writes.js';

/** Two conversations with history between the demo buyer and designers (so that the chat has something to show). */
const THREADS: Array<{ designer: string; lines: Array<[from: 'buyer' | 'designer', text: string]> }> = [
  {
    designer: 'demo_designer',
    lines: [
      ['buyer', 'Hello! I have an upper first molar (16) for a zirconia crown. Can you design it by tomorrow?'],
      ['designer', 'Hi, yes. Please send the upper, lower and bite scans as STL, plus the shade.'],
      ['buyer', 'Shade A2, margin is a light chamfer. Uploading the scans now.'],
      ['designer', 'Received, thanks. I will send the design for review tomorrow morning.'],
    ],
  },
  {
    designer: 'lina_haddad',
    lines: [
      ['buyer', 'Do you design custom abutments for Straumann BLT implants?'],
      ['designer', 'I do, with the original library. Which position and which crown material?'],
    ],
  },
];

/**
 * Written directly (seed/direct-writes.ts): the history is two days old, and `sendMessage` would stamp it now and
 * notify the buyer of messages nobody sent.
 */
export async function seedDemoMessages(ctx: AppContext, buyerId: string) {
  const start = Date.now() - 2 * 86_400_000;
  for (const [t, thread] of THREADS.entries()) {
    const [designer] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, thread.designer));
    if (!designer) continue;
    const startedAt = new Date(start + t * 3_600_000);
    await insertDemoConversation(ctx, {
      sellerId: designer.id,
      buyerId,
      startedAt,
      readByBuyer: thread.lines.at(-1)![0] === 'buyer',
      lines: thread.lines.map(([from, text], i) => ({ userId: from === 'buyer' ? buyerId : designer.id, text, at: new Date(startedAt.getTime() + (i + 1) * 600_000) })),
    });
  }
}
