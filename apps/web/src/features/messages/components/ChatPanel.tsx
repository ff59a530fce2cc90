import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Avatar, Box, Button, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ConversationJson, SessionUser } from '@cusp/shared';
import { isApiError } from '@/lib/api';
import { DEFAULT_AVATAR } from '@/lib/images';
import { notifyError } from '@/lib/notify';
import { useMessages as useServerMessages } from '@/lib/use-messages';
import { useI18n } from '@/lib/use-i18n';
import { useSocketEvent } from '@/lib/socket';
import { OrderEventNotice } from '@/features/orders/components/OrderEventNotice';
import { useMarkRead } from '../api/mark-read';
import { useMessages } from '../api/messages';
import { counterpart, isUnread } from '../lib/chat';
import { formatWhen } from '../lib/format';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import classes from './Messages.module.css';

/** How long a "… is typing" stays without news from the other side. */
const TYPING_STALE_MS = 6000;

interface ChatPanelProps {
  me: SessionUser;
  conversationId: string;
  /** From the list; undefined while it loads (or for a conversation it does not hold). */
  conversation: ConversationJson | undefined;
}

/** The right panel: the counterpart, the history as a live log, the typing indicator and the composer. */
export function ChatPanel({ me, conversationId, conversation }: ChatPanelProps) {
  const { t, dir, locale } = useI18n();
  const { failure } = useServerMessages();
  const messages = useMessages(conversationId);
  const markRead = useMarkRead(me._id);
  const other = conversation ? counterpart(conversation, me._id) : undefined;
  const [typing, setTyping] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);

  const read = useRef<(id: string) => void>(() => {});
  useEffect(() => {
    read.current = (id) =>
      markRead.mutate(id, {
        onError: (error) => {
          if (isApiError(error) && (error.status === 403 || error.status === 404)) return;
          notifyError(failure(error, t('messages.chat.markReadFailed')));
        },
      });
  });

  // Opening the conversation marks it read for the caller (D19).
  useEffect(() => {
    read.current(conversationId);
  }, [conversationId]);

  // Coming back to the tab with the conversation unread marks it read too.
  const unread = conversation ? isUnread(conversation, me._id) : false;
  useEffect(() => {
    if (!unread) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') read.current(conversationId);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [unread, conversationId]);

  useSocketEvent('message:received', (message) => {
    if (message.conversationID !== conversationId || message.userID._id === me._id) return;
    setTyping(false);
    if (document.visibilityState === 'visible') read.current(conversationId);
  });

  useSocketEvent('typing', (event) => {
    if (event.conversationID === conversationId && event.userID !== me._id) setTyping(event.isTyping);
  });

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(false), TYPING_STALE_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  // Keep the newest message in view, unless the reader scrolled up to read older ones.
  const atBottom = useRef(true);
  const toBottom = () => {
    const log = logRef.current;
    if (log && atBottom.current) log.scrollTop = log.scrollHeight;
  };
  const count = messages.data?.length ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
    atBottom.current = true;
  }, [count]);

  const BackIcon = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  const name = other?.username ?? '';

  return (
    <>
      <Box className={classes.chatHeader}>
        <ActionIcon component={Link} to="/messages" variant="subtle" size="lg" hiddenFrom="sm" aria-label={t('messages.chat.back')}>
          <BackIcon size={20} aria-hidden />
        </ActionIcon>
        {other ? (
          <>
            <Avatar src={other.image || DEFAULT_AVATAR} alt="" size={36} radius="xl" />
            <Title order={2} fz="md" lineClamp={1} dir="auto">
              {other.username}
            </Title>
          </>
        ) : null}
      </Box>

      {messages.isPending ? (
        <Box className={classes.center} role="status">
          <Loader size="sm" />
          <VisuallyHidden>{t('messages.chat.loading')}</VisuallyHidden>
        </Box>
      ) : messages.isError ? (
        <Stack className={classes.center} align="center" gap="sm">
          <Text role="alert">{t('messages.chat.loadFailed')}</Text>
          <Button variant="light" onClick={() => void messages.refetch()} loading={messages.isFetching}>
            {t('messages.retry')}
          </Button>
        </Stack>
      ) : (
        <div
          ref={logRef}
          role="log"
          aria-live="polite"
          aria-label={t('messages.chat.log', { name })}
          className={classes.log}
          tabIndex={0}
          onScroll={(event) => {
            const log = event.currentTarget;
            atBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
          }}
        >
          {messages.data.length === 0 ? (
            <Text c="gray.7" ta="center" m="auto">
              {t('messages.chat.empty')}
            </Text>
          ) : (
            messages.data.map((message) =>
              message.event ? (
                // An order's event (D15): a centred notice with a link to the order, not a bubble.
                <OrderEventNotice
                  key={`event:${message._id}`}
                  event={message.event}
                  summary={message.description}
                  when={formatWhen(message.createdAt, locale, true)}
                />
              ) : (
                <MessageBubble
                  key={`${message.userID._id}:${message.clientId || message._id}`}
                  message={message}
                  own={message.userID._id === me._id}
                  onMediaLoad={toBottom}
                />
              ),
            )
          )}
        </div>
      )}

      <Box px="md" className={classes.typing} aria-live="polite">
        {typing && name ? (
          <Text size="xs" c="gray.7" fs="italic">
            {t('messages.chat.typing', { name })}
          </Text>
        ) : null}
      </Box>

      <Composer me={me} conversationId={conversationId} disabled={messages.isError} />
    </>
  );
}
