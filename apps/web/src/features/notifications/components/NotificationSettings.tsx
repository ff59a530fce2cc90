import { useId } from 'react';
import { Alert, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { NOTIFICATION_KINDS, type NotificationKind } from '@cusp/shared';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notifications';

/**
 * The settings page's "Notifications" section (`/settings#notifications`): one switch per kind for e-mail. In-app
 * notifications are always on; e-mail comes only for what is still unread a few minutes later (docs/product.md §16).
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  const headingId = useId();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const toggle = (kind: NotificationKind, on: boolean) => update.mutate({ [kind]: on });
  return (
    <Paper component="section" id="notifications" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId}>
            {t('notifications.settings.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('notifications.settings.description')}
          </Text>
        </Stack>
        {preferences.isPending ? (
          <Loader size="sm" role="status" aria-label={t('notifications.loading')} />
        ) : preferences.isError ? (
          <Alert color="red">{t('notifications.loadFailed')}</Alert>
        ) : (
          <Stack gap="sm" role="group" aria-label={t('notifications.settings.emailGroup')}>
            {NOTIFICATION_KINDS.map((kind) => (
              <Switch
                key={kind}
                label={t(`notifications.settings.kinds.${kind}` as TranslationKey)}
                checked={preferences.data.email[kind]}
                onChange={(event) => toggle(kind, event.currentTarget.checked)}
                disabled={update.isPending}
              />
            ))}
          </Stack>
        )}
        {update.isError ? <Alert color="red">{t('notifications.settings.saveFailed')}</Alert> : null}
      </Stack>
    </Paper>
  );
}
