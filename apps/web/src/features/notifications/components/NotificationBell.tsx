import { ActionIcon, Anchor, Badge, Group, Loader, Popover, Text, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { loadPageStrings } from '@/lib/i18n';
import { useSocket } from '@/lib/socket';
import { useI18n } from '@/lib/use-i18n';
import { useUnreadNotifications } from '../api/notifications';
import { notificationText } from '../lib/text';
import { NotificationList } from './NotificationList';
import { useMarkReadOnVisit, useNotificationsLive, useReportViewing } from './use-notifications-live';
import classes from './Notifications.module.css';

/**
 * The navbar's bell (docs/product.md §16): the unread count, live over the socket; a panel with the latest
 * notifications, "Mark all as read" and a link to /notifications. Its label says the count; a new notification is
 * read out by a polite live region. Rendered for signed-in members only.
 */
export function NotificationBell() {
  const { t, number } = useI18n();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  // The sentences of each kind are in the `pages` catalogue: loaded with the bell, re-rendered when there.
  const [strings, setStrings] = useState(false);
  useEffect(() => {
    void loadPageStrings().then(() => setStrings(true), () => undefined);
  }, []);
  // Live while the socket is up (its events set it), so only asked for then, like the chat's unread badge.
  const socket = useSocket();
  const { data: count = 0 } = useUnreadNotifications(!!socket);
  const latest = useNotificationsLive();
  useMarkReadOnVisit(count);
  useReportViewing();

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal={false} trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            color="gray"
            className={classes.bell}
            aria-label={count > 0 ? t('notifications.bell.unread', { count, number: number(count) }) : t('notifications.bell.none')}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
            data-testid="notification-bell"
          >
            <IconBell size={20} aria-hidden />
            {count > 0 ? (
              <Badge component="span" size="xs" circle={count < 10} color="red" className={classes.count} aria-hidden data-testid="notification-count">
                {count > 99 ? '99+' : number(count)}
              </Badge>
            ) : null}
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-labelledby={titleId} p="xs">
          {/* Its texts are in the `pages` catalogue: asked for only once it is here (a panel opened sooner waits). */}
          {strings ? <BellPanel titleId={titleId} onClose={() => setOpened(false)} /> : <Loader size="sm" m="xs" aria-label={t('app.loading')} />}
        </Popover.Dropdown>
      </Popover>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="notification-announcement">
        {latest ? t('notifications.announce', { text: notificationText(t, latest) }) : ''}
      </VisuallyHidden>
    </>
  );
}

/** The bell's panel: its title, the link to every notification, and the latest ten. */
function BellPanel({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <>
      <Group justify="space-between" px="xs" pb={4}>
        <Text fw={600} size="sm" id={titleId}>
          {t('notifications.title')}
        </Text>
        <Anchor component={Link} to="/notifications" size="xs" onClick={onClose}>
          {t('notifications.seeAll')}
        </Anchor>
      </Group>
      <div style={{ maxHeight: 420, overflowY: 'auto' }}>
        <NotificationList limit={10} onOpen={onClose} />
      </div>
    </>
  );
}
