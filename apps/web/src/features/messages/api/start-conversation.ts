import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import type { ConversationJson } from '@cusp/shared';
import { api } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useMessages as useServerMessages } from '@/lib/use-messages';
import { conversationsQueryKey } from './keys';

export interface StartedConversation {
  conversation: ConversationJson;
  /** 201: newly created; 200: it already existed. */
  created: boolean;
}

/** POST /api/conversations {to}: 201 when it was created, 200 when it already existed. */
export async function startConversation(to: string): Promise<StartedConversation> {
  const { data, status } = await api.postWithStatus<ConversationJson>('/conversations', { to });
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
      queryClient.setQueryData<ConversationJson[]>(conversationsQueryKey, (list) =>
        list ? [conversation, ...list.filter((c) => c._id !== conversation._id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      if (created) notifySuccess(t('messages.contact.started'));
      void navigate(`/message/${conversation._id}`);
    },
    onError: (error) => notifyError(failure(error, t('messages.contact.failed'))),
  });
}
