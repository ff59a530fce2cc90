import { useEffect, type ComponentType } from 'react';
import { Box, Container, Paper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate, useParams } from 'react-router';
import { useMe } from '@/features/auth';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useConversations } from '../api/conversations';
import { ChatPanel } from '../components/ChatPanel';
import { ConversationList } from '../components/ConversationList';
import type { EventNoticeProps } from '../components/EventNotice';
import classes from '../components/Messages.module.css';

/** Matches the CSS module's phone breakpoint, where the list and the chat are two screens. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * /messages and /message/{conversationID} (docs/product.md §3.7). `eventNotice` draws an order's event in
 * the chat: the router passes the orders feature's, which this feature may not import (ADR 0029).
 */
export function MessagesPage({ eventNotice }: { eventNotice?: ComponentType<EventNoticeProps> }) {
  const { t } = useI18n();
  const { user } = useMe();
  const { conversationID } = useParams();
  const navigate = useNavigate();
  const conversations = useConversations();
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  usePageTitle(t('messages.title'));

  // Desktop: the first conversation opens by itself; on a phone the list is a screen of its own.
  const first = conversations.data?.[0]?.id;
  useEffect(() => {
    if (!conversationID && first && !isPhone) void navigate(`/message/${first}`, { replace: true });
  }, [conversationID, first, isPhone, navigate]);

  if (!user) return null;
  const conversation = conversations.data?.find((c) => c.id === conversationID);

  return (
    <Container size="lg" py={{ base: 'sm', md: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <Title order={1} mb="md" fz={{ base: 'h3', sm: 'h2' }}>
        {t('messages.title')}
      </Title>
      <Paper withBorder radius="md" className={classes.frame} data-view={conversationID ? 'chat' : 'list'}>
        <Box component="section" aria-label={t('messages.conversations')} className={classes.sidebar}>
          <ConversationList me={user} query={conversations} selectedId={conversationID} />
        </Box>
        <Box className={classes.panel}>
          {conversationID ? (
            <ChatPanel key={conversationID} me={user} conversationId={conversationID} conversation={conversation} eventNotice={eventNotice} />
          ) : (
            <Box className={classes.center}>
              <Text c="dimmed">{t('messages.selectPrompt')}</Text>
            </Box>
          )}
        </Box>
      </Paper>
    </Container>
  );
}
