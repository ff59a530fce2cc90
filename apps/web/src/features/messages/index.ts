/**
 * The messages feature's public surface. The navbar imports MessagesRealtime and UnreadBadge from
 * their own files (they stay light); the pages are lazy-loaded by the router.
 */
export { ContactButton, type ContactButtonProps } from './components/ContactButton';
export { useStartConversation, startConversation } from './api/start-conversation';
export { MessagesRealtime } from './components/MessagesRealtime';
export { UnreadBadge } from './components/UnreadBadge';
export type { EventNoticeProps } from './components/EventNotice';
export { useEventText, type EventText } from './lib/event-text';
