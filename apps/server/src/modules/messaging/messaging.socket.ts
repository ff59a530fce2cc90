import type { FastifyBaseLogger } from 'fastify';
import { isErrorCode, sendMessageSchema, sentenceOf, type SendAck } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { SocketHandlers } from '../../platform/realtime/socket.js';
import * as messaging from './messaging.service.js';

/**
 * The chat's socket events (docs/product.md §9.2), registered on the Socket.IO adapter by app.ts: `message:send` stores
 * a message and answers in its acknowledgement; `typing` is relayed to the other participant.
 */
export function messagingSocketHandlers(ctx: AppContext, log: FastifyBaseLogger): SocketHandlers<UserRow> {
  return {
    'message:send': async (sender, payload: unknown, ack: unknown) => {
      const reply = (typeof ack === 'function' ? ack : () => {}) as (result: SendAck) => void;
      const parsed = sendMessageSchema.safeParse(payload);
      if (!parsed.success) {
        const said = parsed.error.issues[0]?.message ?? 'VALIDATION';
        return reply({ ok: false, message: sentenceOf(said), ...(isErrorCode(said) ? { code: said } : {}) });
      }
      try {
        // Per the handshake's address, as HTTP sends are per request.ip; per user: in the service (ADR 0021).
        await ctx.limits.consume('messagesAddress', sender.address);
        const { message } = await messaging.sendMessage(ctx, sender.user, parsed.data, sender.id);
        reply({ ok: true, message });
      } catch (error) {
        if (!(error instanceof AppError)) log.error({ err: error }, 'message:send failed');
        reply(error instanceof AppError ? { ok: false, message: error.message, code: error.code } : { ok: false, message: 'Failed to send message.' });
      }
    },
    typing: async (sender, event: unknown) => {
      const { conversationID, isTyping } = (event ?? {}) as { conversationID?: unknown; isTyping?: unknown };
      if (typeof conversationID !== 'string') return;
      await messaging.relayTyping(ctx, sender.user, conversationID, isTyping === true).catch(() => undefined);
    },
  };
}
