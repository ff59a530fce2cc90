import { useMemo, useState } from 'react';
import { Anchor, Avatar, Box, Button, Loader, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEFAULT_AVATAR } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import type { useConversations } from '../api/conversations';
import { counterpart, isUnread } from '../lib/chat';
import { formatWhen } from '../lib/format';
import { useEventText } from '../lib/event-text';
import classes from './Messages.module.css';
import type { CurrentUser } from '@/lib/domain';

interface ConversationListProps {
  me: CurrentUser;
  query: ReturnType<typeof useConversations>;
  selectedId: string | undefined;
}

/** The sidebar: a search box and the caller's conversations, newest first (docs/product.md §3.7). */
export function ConversationList({ me, query, selectedId }: ConversationListProps) {
  const { t, locale } = useI18n();
  const eventText = useEventText();
  const [search, setSearch] = useState('');
  const conversations = query.data;

  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase(locale);
    if (!conversations || !needle) return conversations ?? [];
    return conversations.filter((c) => userName(t, counterpart(c, me.id).username).toLocaleLowerCase(locale).includes(needle));
  }, [conversations, search, locale, me.id, t]);

  if (query.isPending) {
    return (
      <Box className={classes.center} role="status">
        <Loader size="sm" />
        <VisuallyHidden>{t('messages.loading')}</VisuallyHidden>
      </Box>
    );
  }

  if (query.isError) {
    return (
      <Stack className={classes.center} align="center" gap="sm">
        <Text role="alert">{t('messages.loadFailed')}</Text>
        <Button variant="light" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('messages.retry')}
        </Button>
      </Stack>
    );
  }

  if (!conversations?.length) {
    return (
      <Stack className={classes.center} align="center" gap="xs">
        <Text fw={600}>{t('messages.empty')}</Text>
        <Anchor component={Link} to="/gigs">
          {t('messages.browseServices')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <>
      <Box p="sm">
        <TextInput
          type="search"
          aria-label={t('messages.search')}
          placeholder={t('messages.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Box>
      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" p="md" role="status">
          {t('messages.noMatches')}
        </Text>
      ) : (
        <ul className={classes.list}>
          {shown.map((conversation) => {
            const other = counterpart(conversation, me.id);
            const unread = isUnread(conversation, me.id);
            const selected = conversation.id === selectedId;
            return (
              <li key={conversation.id}>
                <Link
                  to={`/message/${conversation.id}`}
                  className={classes.item}
                  aria-current={selected ? 'page' : undefined}
                  data-testid="conversation-item"
                >
                  <Avatar src={other.image || DEFAULT_AVATAR} alt="" size={40} radius="xl" />
                  <Box className={classes.itemText}>
                    <Box style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                      <Text size="sm" fw={unread ? 700 : 600} truncate dir="auto">
                        {userName(t, other.username)}
                      </Text>
                      <Text component="time" dateTime={conversation.updatedAt} size="xs" c="gray.7" style={{ flex: 'none' }}>
                        {formatWhen(conversation.updatedAt, locale)}
                      </Text>
                    </Box>
                    <Text size="sm" c={unread ? 'gray.9' : 'gray.7'} fw={unread ? 600 : 400} truncate dir="auto">
                      {(conversation.lastEvent && eventText(conversation.lastEvent)?.body) ?? conversation.lastMessage ?? t('messages.noPreview')}
                    </Text>
                  </Box>
                  {unread ? (
                    <>
                      <span className={classes.dot} aria-hidden />
                      <VisuallyHidden>{t('messages.unread')}</VisuallyHidden>
                    </>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
