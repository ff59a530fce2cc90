import { sql } from 'drizzle-orm';
import { CONVERSATION_PREVIEW_LENGTH, type Attachment } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { conversations, messages, type ConversationRow, type MessageRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { notifyChatMessages } from '../notifications/index.js';
import { createBatcher, type Batcher } from '../../platform/batcher.js';

/** A message that passed every check and waits to be stored. */
export interface MessageToStore {
  conversation: Pick<ConversationRow, 'id' | 'sellerId' | 'buyerId'>;
  sender: { id: string; username: string };
  description: string;
  clientId: string;
  attachments: Attachment[];
  /** Whether its recipient is not looking at the conversation (then they are notified). */
  away: boolean;
}

/** Enough to keep one batch's transaction short; the rest waits for the next. */
const MAX_BATCH = 200;
/** A batch this large means messages are arriving fast: the next one gathers for BUSY_GATHER_MS first. */
const BUSY_BATCH = 8;
/** Measured at 1,000 sockets on PGlite: 20 ms gave p99 103-129 ms, 60 ms 176-177 ms (ADR 0046). */
const BUSY_GATHER_MS = 20;

export const preview = (text: string) =>
  text.length > CONVERSATION_PREVIEW_LENGTH ? `${text.slice(0, CONVERSATION_PREVIEW_LENGTH)}…` : text;

/**
 * Group commit for chat messages (docs/decisions/0046). Messages that arrive while a batch is being written wait and
 * are written together, in one transaction of a fixed number of statements: the messages, their conversations'
 * previews and read flags, and their notifications. With nothing in flight a message is written at the next turn of
 * the event loop, so a quiet chat waits for nothing. One writer per app, batches one at a time, in arrival order
 * (apps/server/src/platform/batcher.ts).
 */
class MessageWriter {
  private readonly batcher: Batcher<MessageToStore, MessageRow | null>;

  constructor(private readonly ctx: AppContext) {
    this.batcher = createBatcher({
      run: (batch) => this.flush(batch),
      maxBatch: MAX_BATCH,
      // Busy on the embedded database (the batch just written was not small): let the next one gather for a moment.
      // A batch costs about ten statements whatever its size, and PGlite runs them on this thread, so fewer, larger
      // batches leave it free. PostgreSQL runs them in its own processes: there the wait would only add latency.
      pauseAfter: (ran, waiting) =>
        this.ctx.database.kind === 'pglite' && ran >= BUSY_BATCH && waiting < MAX_BATCH ? BUSY_GATHER_MS : 0,
    });
  }

  /** Stores the message; answers its row, or null when the sender already sent this clientId (nothing stored). */
  write(message: MessageToStore): Promise<MessageRow | null> {
    return this.batcher.add(message);
  }

  /** A batch that fails is written again one message at a time, so only a message that cannot be stored fails. */
  private async flush(batch: MessageToStore[]): Promise<Array<MessageRow | null | Error>> {
    try {
      return await this.store(batch);
    } catch (error) {
      if (batch.length > 1) {
        const results: Array<MessageRow | null | Error> = [];
        for (const m of batch) results.push(...(await this.flush([m])));
        return results;
      }
      // Its conversation was deleted after it was checked (its people are cached): the conversation is gone.
      if (isForeignKeyViolation(error)) return [new AppError('CONVERSATION_NOT_FOUND')];
      return [error instanceof Error ? error : new Error(String(error))];
    }
  }

  private store(batch: MessageToStore[]): Promise<Array<MessageRow | null>> {
    return this.ctx.db.transaction(async (tx) => {
      const inserted = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          insert into ${messages} (conversation_id, user_id, description, client_id, attachments)
          select x.conversation_id, x.user_id, x.description, x.client_id, x.attachments
          from jsonb_to_recordset(${JSON.stringify(
            batch.map((m, i) => ({ i, conversation_id: m.conversation.id, user_id: m.sender.id, description: m.description, client_id: m.clientId, attachments: m.attachments })),
          )}::jsonb) as x(i int, conversation_id uuid, user_id uuid, description text, client_id text, attachments jsonb)
          order by x.i
          on conflict do nothing
          returning id, seq, conversation_id, user_id, description, client_id, attachments, created_at`),
      ).map(toMessageRow);
      // A retried clientId (already stored, or twice in this batch) inserts nothing: its first row goes to the first.
      const byKey = new Map(inserted.map((row) => [`${row.userId} ${row.clientId}`, row]));
      const stored = batch.map((m) => {
        const key = `${m.sender.id} ${m.clientId}`;
        const row = byKey.get(key);
        byKey.delete(key);
        return row && row.conversationId === m.conversation.id ? row : null;
      });

      // Each conversation's preview, time and read flags follow its newest message (in id order: the same lock order
      // for every writer).
      const newest = new Map<string, { m: MessageToStore; row: MessageRow }>();
      batch.forEach((m, i) => {
        const row = stored[i];
        if (row && (newest.get(row.conversationId)?.row.seq ?? -1) < row.seq) newest.set(row.conversationId, { m, row });
      });
      if (newest.size > 0) {
        const touched = [...newest.values()]
          .sort((a, b) => (a.row.conversationId < b.row.conversationId ? -1 : 1))
          .map(({ m, row }) => {
            const senderIsSeller = m.conversation.sellerId === m.sender.id;
            return { id: row.conversationId, last_message: preview(row.description), updated_at: row.createdAt.toISOString(), read_by_seller: senderIsSeller, read_by_buyer: !senderIsSeller };
          });
        await tx.execute(sql`
          update ${conversations} as c
          set last_message = x.last_message, last_event = null, updated_at = x.updated_at, read_by_seller = x.read_by_seller, read_by_buyer = x.read_by_buyer
          from jsonb_to_recordset(${JSON.stringify(touched)}::jsonb)
            as x(id uuid, last_message text, updated_at timestamptz, read_by_seller boolean, read_by_buyer boolean)
          where c.id = x.id`);
      }

      await notifyChatMessages(
        this.ctx,
        tx,
        batch.flatMap((m, i) => {
          const row = stored[i];
          if (!row) return [];
          const recipientId = m.conversation.sellerId === m.sender.id ? m.conversation.buyerId : m.conversation.sellerId;
          return [{ conversationId: row.conversationId, recipientId, senderName: m.sender.username, text: row.description, messageId: row.id, away: m.away }];
        }),
      );
      return stored;
    });
  }
}

/** A raw row of `messages` as the schema types it (drivers differ: PGlite answers strings for some types). */
function toMessageRow(raw: Record<string, unknown>): MessageRow {
  return {
    id: raw.id as string,
    seq: Number(raw.seq),
    conversationId: raw.conversation_id as string,
    userId: raw.user_id as string,
    description: raw.description as string,
    clientId: raw.client_id as string,
    attachments: (typeof raw.attachments === 'string' ? JSON.parse(raw.attachments) : raw.attachments) as MessageRow['attachments'],
    event: null,
    createdAt: new Date(raw.created_at as string),
  };
}

const writers = new WeakMap<AppContext, MessageWriter>();

/** Stores a checked message through the app's writer (see MessageWriter). */
export function storeMessage(ctx: AppContext, message: MessageToStore): Promise<MessageRow | null> {
  let writer = writers.get(ctx);
  if (!writer) writers.set(ctx, (writer = new MessageWriter(ctx)));
  return writer.write(message);
}
