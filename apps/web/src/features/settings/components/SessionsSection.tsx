import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { FormMessage } from '@/components/FormMessage';
import { formatDate } from '@/lib/format';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { SettingsSection } from './SettingsSection';
import type { AccountSession } from '@/lib/domain';

const MOBILE = new Set(['Android', 'iOS']);

/** The devices signed in to the account: this one first; any other can be signed out, or all at once. */
export function SessionsSection() {
  const { t, locale } = useI18n();
  const { failure } = useMessages();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();

  const when = (value: string) => formatDate(value, locale, { dateStyle: 'medium', timeStyle: 'short' });
  const deviceName = (s: AccountSession) =>
    s.browser && s.os
      ? t('settings.sessions.browserOn', { browser: s.browser, os: s.os })
      : (s.browser ?? s.os ?? t('settings.sessions.unknownDevice'));

  const end = (s: AccountSession) => {
    setOutcome(undefined);
    endOne.mutate(s.id, {
      onSuccess: () => setOutcome({ tone: 'success', text: t('settings.sessions.ended', { device: deviceName(s) }) }),
      onError: (error) => setOutcome({ tone: 'error', text: failure(error, t('settings.sessions.failed')) }),
    });
  };
  const endAll = () => {
    setOutcome(undefined);
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => setOutcome({ tone: 'success', text: t('settings.sessions.endedOthers', { count: ended }) }),
      onError: (error) => setOutcome({ tone: 'error', text: failure(error, t('settings.sessions.failed')) }),
    });
  };

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <SettingsSection id="sessions" title={t('settings.sessions.title')} description={t('settings.sessions.description')}>
      {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
      {sessions.isPending ? (
        <Loader size="sm" role="status" aria-label={t('settings.sessions.loading')} />
      ) : sessions.isError ? (
        <Alert color="red" role="alert">
          {failure(sessions.error, t('settings.sessions.loadFailed'))}
        </Alert>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('settings.sessions.listLabel')}>
          {list.map((s) => {
            const Icon = s.os && MOBILE.has(s.os) ? IconDeviceMobile : IconDeviceDesktop;
            return (
              <Paper component="li" key={s.id} withBorder radius="sm" p="sm">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
                    <Icon size={28} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Group gap="xs">
                        <Text fw={600}>{deviceName(s)}</Text>
                        {s.current ? (
                          <Badge color="cusp" variant="light">
                            {t('settings.sessions.thisDevice')}
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {t('settings.sessions.lastSeen', { date: when(s.lastSeenAt) })}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t('settings.sessions.signedIn', { date: when(s.createdAt) })}
                      </Text>
                      {s.ip ? (
                        <Text size="sm" c="dimmed">
                          {t('settings.sessions.address')}{' '}
                          <span dir="ltr">{s.ip}</span>
                        </Text>
                      ) : null}
                    </Stack>
                  </Group>
                  {s.current ? null : (
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => end(s)}
                      loading={endOne.isPending && endOne.variables === s.id}
                      aria-label={t('settings.sessions.endNamed', { device: deviceName(s), date: when(s.lastSeenAt) })}
                    >
                      {t('settings.sessions.end')}
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {others > 0 ? (
        <Group>
          <Button variant="light" color="red" onClick={endAll} loading={endOthers.isPending}>
            {t('settings.sessions.endOthers')}
          </Button>
        </Group>
      ) : sessions.isSuccess ? (
        <Text size="sm" c="dimmed">
          {t('settings.sessions.onlyThis')}
        </Text>
      ) : null}
    </SettingsSection>
  );
}
