import { Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconCash,
  IconReceiptRefund,
  IconScale,
  IconCircleCheck,
  IconClockHour4,
  IconClockPlus,
  IconScan,
  IconUpload,
  IconCreditCard,
  IconMessage,
  IconPackage,
  IconRefresh,
  IconRosetteDiscountCheck,
  IconSchool,
  IconStar,
  IconX,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { NotificationKind } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import { notificationDisplayText, relativeTime } from '../lib/text';
import classes from './Notifications.module.css';
import type { UserNotification } from '@/lib/domain';

const ICONS: Record<NotificationKind, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  order_paid: IconCreditCard,
  order_delivered: IconPackage,
  order_revision_requested: IconRefresh,
  order_accepted: IconCircleCheck,
  order_auto_completed: IconCircleCheck,
  order_auto_complete_soon: IconClockHour4,
  order_cancelled: IconX,
  review_received: IconStar,
  course_enrolled: IconSchool,
  message_received: IconMessage,
  designer_verified: IconRosetteDiscountCheck,
  order_disputed: IconScale,
  dispute_answered: IconScale,
  dispute_resolved: IconScale,
  refund_offered: IconReceiptRefund,
  refund_accepted: IconReceiptRefund,
  refund_declined: IconReceiptRefund,
  payout_paid: IconCash,
  payout_rejected: IconCash,
  extension_requested: IconClockPlus,
  extension_accepted: IconClockPlus,
  extension_declined: IconClockPlus,
  rescan_requested: IconScan,
  scans_added: IconUpload,
  revision_bought: IconRefresh,
};

/** One notification: icon, sentence in the reader's language, time, a link to the thing (opening it marks it read). */
export function NotificationItem({ notification, onOpen }: { notification: UserNotification; onOpen: (n: UserNotification) => void }) {
  const { t, locale } = useI18n();
  const Icon = ICONS[notification.kind] ?? IconBell;
  const text = notificationDisplayText(t, notification);
  return (
    <UnstyledButton
      component={Link}
      to={notification.link}
      onClick={() => onOpen(notification)}
      className={classes.item}
      data-unread={notification.read ? undefined : ''}
      data-testid="notification-item"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size="md" color={notification.read ? 'gray' : 'blue'}>
          <Icon size={16} aria-hidden />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={notification.read ? 400 : 600}>
            {notification.read ? null : <span className={classes.srOnly}>{t('notifications.unread')} </span>}
            {text}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={notification.createdAt}>{relativeTime(notification.createdAt, locale)}</time>
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
