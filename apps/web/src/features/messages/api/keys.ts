/** Query keys of the messages feature; invalidating ['conversations'] also refreshes the unread count. */
export const conversationsQueryKey = ['conversations'] as const;
export const unreadCountQueryKey = ['conversations', 'unread-count'] as const;
export const messagesQueryKey = (conversationId: string) => ['messages', conversationId] as const;
