import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CONVERSATION_PREVIEW_LENGTH } from '@cusp/shared';
import type { AppContext } from '../context.js';
import { conversations, messages, users } from '../db/schema/index.js';

/** Two conversations with history between the demo buyer and designers (issue 4's demo data). */
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

export async function seedDemoMessages(ctx: AppContext, buyerId: string) {
  const start = Date.now() - 2 * 86_400_000;
  for (const [t, thread] of THREADS.entries()) {
    const [designer] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, thread.designer));
    if (!designer) continue;
    const last = thread.lines.at(-1)!;
    const updatedAt = new Date(start + t * 3_600_000 + thread.lines.length * 600_000);
    const [c] = await ctx.db
      .insert(conversations)
      .values({
        sellerId: designer.id,
        buyerId,
        lastMessage: last[1].length > CONVERSATION_PREVIEW_LENGTH ? `${last[1].slice(0, CONVERSATION_PREVIEW_LENGTH)}…` : last[1],
        readBySeller: true,
        readByBuyer: last[0] === 'buyer',
        createdAt: new Date(start + t * 3_600_000),
        updatedAt,
      })
      .returning({ id: conversations.id });
    for (const [i, [from, text]] of thread.lines.entries()) {
      await ctx.db.insert(messages).values({
        conversationId: c!.id,
        userId: from === 'buyer' ? buyerId : designer.id,
        description: text,
        clientId: `seed-${randomUUID()}`,
        createdAt: new Date(start + t * 3_600_000 + (i + 1) * 600_000),
      });
    }
  }
}
