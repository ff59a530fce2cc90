import { Container, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/page-title';
import { NotificationList } from '../components/NotificationList';

/** `/notifications`: every notification, newest first, 20 at a time (docs/product.md §16). */
export function NotificationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.title'));
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="md">
        {t('notifications.title')}
      </Title>
      <NotificationList limit={20} paged />
    </Container>
  );
}
