import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { ActionIcon, Avatar, Box, Button, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api';
import { DEFAULT_AVATAR } from '@/lib/images';
import { notifyError } from '@/lib/notify';
import { useMessages as useServerMessages } from '@/lib/use-messages';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import { useSocketEvent } from '@/lib/socket';
import { useMarkRead } from '../api/mark-read';
import { useEarlierMessages, useMessages } from '../api/messages';
import { counterpart, isUnread, oldestConfirmedId } from '../lib/chat';
import { formatWhen } from '../lib/format';
import { Composer } from './Composer';
import { PlainEventNotice, type EventNoticeProps } from './EventNotice';
import { MessageBubble } from './MessageBubble';
import classes from './Messages.module.css';
import type { Conversation, CurrentUser } from '@/lib/domain';

/** How long a "… is typing" stays without news from the other side. */
const TYPING_STALE_MS = 6000;

/** Scrolled this close to the top, the next earlier page loads by itself. */
const AUTO_LOAD_PX = 48;

/** How long the log stays quiet for screen readers after an earlier page came in (it is not news). */
const QUIET_MS = 1000;

/** The oldest loaded message's element (the one after the history's start) and its distance from the log's top edge. */
function anchorIn(log: HTMLElement, start: HTMLElement | null) {
  const element = start?.nextElementSibling;
  return element ? { element, top: element.getBoundingClientRect().top - log.getBoundingClientRect().top } : null;
}

interface ChatPanelProps {
  me: CurrentUser;
  conversationId: string;
  /** From the list; undefined while it loads (or for a conversation it does not hold). */
  conversation: Conversation | undefined;
  /** How an order's event shows in the log; the orders feature's notice, handed in by the app. */
  eventNotice?: ComponentType<EventNoticeProps>;
}

/** The right panel: the counterpart, the history as a live log, the typing indicator and the composer. */
export function ChatPanel({ me, conversationId, conversation, eventNotice: EventNotice = PlainEventNotice }: ChatPanelProps) {
  const { t, dir, locale } = useI18n();
  const { failure } = useServerMessages();
  const messages = useMessages(conversationId);
  const earlier = useEarlierMessages(conversationId);
  const list = messages.data?.messages;
  const markRead = useMarkRead(me.id);
  const other = conversation ? counterpart(conversation, me.id) : undefined;
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

  // Opening the conversation marks it read for the caller (docs/product.md §9.3).
  useEffect(() => {
    read.current(conversationId);
  }, [conversationId]);

  // Coming back to the tab with the conversation unread marks it read too.
  const unread = conversation ? isUnread(conversation, me.id) : false;
  useEffect(() => {
    if (!unread) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') read.current(conversationId);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [unread, conversationId]);

  useSocketEvent('message:received', (message) => {
    if (message.conversationId !== conversationId || message.user.id === me.id) return;
    setTyping(false);
    if (document.visibilityState === 'visible') read.current(conversationId);
  });

  useSocketEvent('typing', (event) => {
    if (event.conversationId === conversationId && event.userId !== me.id) setTyping(event.isTyping);
  });

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(false), TYPING_STALE_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  // Keep the newest message in view, unless the reader scrolled up to read older ones; when an
  // earlier page comes in above, keep the message the reader was on where it was.
  const atBottom = useRef(true);
  const startRef = useRef<HTMLDivElement>(null);
  const loadRef = useRef<HTMLButtonElement>(null);
  /** Where the oldest loaded message sat at the last look (after each render and scroll). */
  const anchor = useRef<ReturnType<typeof anchorIn>>(null);
  /** The log element and its first and last message at the last render. */
  const seen = useRef<{ log?: HTMLElement; first?: string; last?: string }>({});
  /** The load button had the focus; if it goes away (everything loaded), the log takes it. */
  const refocus = useRef(false);
  const [quiet, setQuiet] = useState(false);

  const toBottom = () => {
    const log = logRef.current;
    if (log && atBottom.current) log.scrollTop = log.scrollHeight;
  };

  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log || !list) return;
    // A new log element (the chat loaded again after an error) starts at the bottom, like the first.
    const before = seen.current.log === log ? seen.current : {};
    const first = list[0]?.id;
    const last = list.at(-1);
    const prepended = before.first !== undefined && first !== before.first && list.some((m) => m.id === before.first);
    if (prepended) {
      const was = anchor.current;
      if (was?.element.isConnected) log.scrollTop += was.element.getBoundingClientRect().top - log.getBoundingClientRect().top - was.top;
      if (refocus.current && !loadRef.current) log.focus({ preventScroll: true });
      refocus.current = false;
    } else if (last && last.id !== before.last && (before.last === undefined || atBottom.current || last.user.id === me.id)) {
      // The first page, or a newer message the reader is waiting for (or sent).
      log.scrollTop = log.scrollHeight;
      atBottom.current = true;
    }
    seen.current = { log, first, last: last?.id };
    // After every render, not only new messages: the top of the history (an error shown, gone) moves it too.
    anchor.current = anchorIn(log, startRef.current);
  });

  const loadEarlier = (fromButton: boolean) => {
    const before = oldestConfirmedId(list);
    if (!before || !messages.data?.hasEarlier || earlier.isPending || (!fromButton && earlier.isError)) return;
    refocus.current = fromButton && document.activeElement === loadRef.current;
    setQuiet(true);
    earlier.mutate(before, { onSettled: () => void setTimeout(() => setQuiet(false), QUIET_MS) });
  };

  const BackIcon = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  const name = userName(t, other?.username);

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
              {name}
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
          aria-live={quiet ? 'off' : 'polite'}
          aria-label={t('messages.chat.log', { name })}
          className={classes.log}
          tabIndex={0}
          onScroll={(event) => {
            const log = event.currentTarget;
            atBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
            anchor.current = anchorIn(log, startRef.current);
            if (log.scrollTop < AUTO_LOAD_PX && log.scrollHeight > log.clientHeight) loadEarlier(false);
          }}
        >
          {messages.data.messages.length === 0 ? (
            <Text c="gray.7" ta="center" m="auto">
              {t('messages.chat.empty')}
            </Text>
          ) : (
            <div ref={startRef} className={classes.historyStart}>
              {messages.data.hasEarlier ? (
                <>
                  {earlier.isError ? (
                    <Text role="alert" size="sm" c="red.8">
                      {t('messages.history.loadFailed')}
                    </Text>
                  ) : null}
                  {/* One button (load, then Retry) that never goes disabled, so it keeps the keyboard focus. */}
                  <Button
                    ref={loadRef}
                    variant={earlier.isError ? 'light' : 'subtle'}
                    size="xs"
                    aria-disabled={earlier.isPending || undefined}
                    leftSection={earlier.isPending ? <Loader size={12} /> : null}
                    onClick={() => loadEarlier(true)}
                  >
                    {earlier.isError ? t('messages.retry') : t('messages.history.loadEarlier')}
                  </Button>
                </>
              ) : (
                <Text size="xs" c="gray.7">
                  {t('messages.history.beginning')}
                </Text>
              )}
            </div>
          )}
          {messages.data.messages.map((message) =>
            message.event ? (
              // An order's event (docs/product.md §5.8): a centred notice with a link to the order, not a bubble.
              <EventNotice
                key={`event:${message.id}`}
                event={message.event}
                summary={message.description}
                when={formatWhen(message.createdAt, locale, true)}
              />
            ) : (
              <MessageBubble
                key={`${message.user.id}:${message.clientId || message.id}`}
                message={message}
                own={message.user.id === me.id}
                onMediaLoad={toBottom}
              />
            ),
          )}
        </div>
      )}
      <VisuallyHidden role="status">
        {earlier.isPending ? t('messages.history.loading') : earlier.isSuccess ? t('messages.history.loaded') : ''}
      </VisuallyHidden>

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
