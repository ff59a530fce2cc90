import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { api } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useMessages as useServerMessages } from '@/lib/use-messages';
import { conversationsQueryKey } from './keys';
import type { Conversation } from '@/lib/domain';

export interface StartedConversation {
  conversation: Conversation;
  /** 201: newly created; 200: it already existed. */
  created: boolean;
}

/** POST /api/conversations {to}: 201 when it was created, 200 when it already existed. */
export async function startConversation(to: string): Promise<StartedConversation> {
  const { data, status } = await api.postWithStatus<Conversation>('/conversations', { to });
  return { conversation: data, created: status === 201 };
}

/**
 * Contact Seller / Contact Designer (docs/product.md §9.1): opens the conversation with `to`, creating
 * it when needed ('Conversation started successfully!'), else 'Failed to start conversation'.
 */
export function useStartConversation() {
  const { t } = useTranslation();
  const { failure } = useServerMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: string) => startConversation(to),
    onSuccess: ({ conversation, created }) => {
      queryClient.setQueryData<Conversation[]>(conversationsQueryKey, (list) =>
        list ? [conversation, ...list.filter((c) => c.id !== conversation.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      if (created) notifySuccess(t('messages.contact.started'));
      void navigate(`/message/${conversation.id}`);
    },
    onError: (error) => notifyError(failure(error, t('messages.contact.failed'))),
  });
}
