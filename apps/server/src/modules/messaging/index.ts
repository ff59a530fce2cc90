/** The messaging module's public entry (docs/decisions/0029): conversations, messages and their socket events. */
export { messagingRoutes } from './messaging.routes.js';
export { messagingSocketHandlers } from './messaging.socket.js';
export { moveLegacyAttachments, sweepUnclaimedAttachments } from './attachments.service.js';
export { findConversationId, markRead, pushMessage, recordSystemMessage, type PostedMessage } from './messaging.service.js';
