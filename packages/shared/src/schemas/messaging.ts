import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from '../constants.js';
import { line, text } from './fields.js';
import type { NotificationJson } from '../responses/notifications.js';
import type { MessageJson } from '../responses/messaging.js';
import { errorCode } from '../error-code.js';
import type { ErrorCodeName as ErrorCode } from '../error-code.js';

/** Conversations and messages (docs/product.md §9). */

/** The most files one chat message carries. */
export const MESSAGE_MAX_ATTACHMENTS = 10;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** Where a chat attachment is served, to the conversation's two parties only (docs/decisions/0020). */
export const ATTACHMENT_URL = new RegExp(`^/api/conversations/(${UUID})/attachments/(${UUID})$`);
export const attachmentUrl = (conversationId: string, attachmentId: string) => `/api/conversations/${conversationId}/attachments/${attachmentId}`;

/**
 * A file on a message: only an address that `POST /api/conversations/<id>/attachments` answered for
 * that conversation (the server checks the conversation and the upload; name, type and size are the
 * server's).
 */
export const attachmentSchema = z.object({
  url: z.string().regex(ATTACHMENT_URL, errorCode('ATTACHMENT_NOT_IN_CONVERSATION')),
  name: line().min(1).max(200),
  type: z.enum(['image', 'video', 'raw']),
  size: z.number().int().min(0).optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** docs/product.md §9.2: 1 to 499 characters after trimming; a message may also carry files. */
export const sendMessageSchema = z.object({
  conversationID: z.uuid(errorCode('CONVERSATION_NOT_FOUND')),
  description: text({ error: errorCode('MESSAGE_BLANK') })
    .min(1, errorCode('MESSAGE_BLANK'))
    .max(MESSAGE_MAX_LENGTH, errorCode('MESSAGE_TOO_LONG')),
  /** Made by the client once per message; a retry with the same id is stored and delivered once. */
  clientId: line({ error: errorCode('CHAT_CLIENT_ID') }, { trim: false }).min(8, errorCode('CHAT_CLIENT_ID')).max(64, errorCode('CHAT_CLIENT_ID')).regex(/^[A-Za-z0-9_-]+$/, errorCode('CHAT_CLIENT_ID')),
  attachments: z.array(attachmentSchema).max(MESSAGE_MAX_ATTACHMENTS, errorCode('CHAT_TOO_MANY_FILES')).default([]),
})
  // The wire says conversationID (docs/product.md §15.1); the server's code reads conversationId.
  .transform(({ conversationID, ...message }) => ({ ...message, conversationId: conversationID }));
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const startConversationSchema = z.object({
  to: z.uuid(errorCode('CHAT_RECIPIENT')),
  /** Accepted for older clients; must be the caller when given. */
  from: z.uuid().optional(),
});

// What the messaging routes answer (UserRef, ConversationJson, MessageJson) is in ../responses/messaging.ts.

/** Socket.IO event maps shared by server and client (typed as in the Socket.IO TypeScript guide). */
/** A refused send says its English sentence and, when it has one, its code (docs/decisions/0056). */
export type SendAck = { ok: true; message: MessageJson } | { ok: false; message: string; code?: ErrorCode };

export interface ServerToClientEvents {
  'message:received': (message: MessageJson) => void;
  typing: (event: { conversationID: string; userID: string; isTyping: boolean }) => void;
  'conversation:read': (event: { conversationID: string; userID: string }) => void;
  /** A new notification for this user, with their unread count after it (ADR 0027). */
  'notification:new': (event: { notification: NotificationJson; unread: number }) => void;
  /** The user's unread count changed (read here or in another tab). */
  'notification:count': (event: { count: number }) => void;
  /** An order this user takes part in changed (paid, delivered, a revision, more time...; docs/product.md §5.10): fetch it again. */
  'order:updated': (event: { orderId: string; status: string }) => void;
}

export interface ClientToServerEvents {
  'message:send': (payload: SendMessageInput, ack: (result: SendAck) => void) => void;
  typing: (event: { conversationID: string; isTyping: boolean }) => void;
  /**
   * The conversation this tab shows while it is visible (null: none, or the tab is hidden). A message in a
   * conversation the recipient is looking at makes no notification (ADR 0027).
   */
  // The ack (optional) answers once the server has noted it.
  'conversation:viewing': (event: { conversationID: string | null }, ack?: (reply: { ok: true }) => void) => void;
}
