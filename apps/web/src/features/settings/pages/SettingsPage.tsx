import { Alert, Anchor, Group, Loader, Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageShell } from '@/components/PageShell';
import { BillingTab } from '@/features/billing';
import { NotificationSettings } from '@/features/notifications';
import type { TranslationKey } from '@/lib/i18n';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useAccount } from '../api/account';
import { DataSection } from '../components/DataSection';
import { DeleteAccountSection } from '../components/DeleteAccountSection';
import { EmailSection } from '../components/EmailSection';
import { LanguageSection } from '../components/LanguageSection';
import { PasswordSection } from '../components/PasswordSection';
import { SessionsSection } from '../components/SessionsSection';

/** The sections in page order, with the heading each link names. */
const SECTIONS: ReadonlyArray<{ id: string; label: TranslationKey }> = [
  { id: 'language', label: 'settings.language.title' },
  { id: 'notifications', label: 'notifications.settings.title' },
  { id: 'password', label: 'settings.password.title' },
  { id: 'email', label: 'settings.email.title' },
  { id: 'sessions', label: 'settings.sessions.title' },
  { id: 'data', label: 'settings.data.title' },
  { id: 'delete', label: 'settings.delete.title' },
];

/**
 * `/settings` (ADR 0032): the owner's account, one section per concern, each with its h2.
 * Other features add their own sections between "Language of e-mails" and "Password" (the notifications'
 * e-mail switches are there). A second tab, Billing (`/settings?tab=billing`, docs/product.md §6.7), lists receipts,
 * credit notes and statements.
 */
export function SettingsPage() {
  const { t } = useI18n();
  const { failure } = useMessages();
  const account = useAccount();

  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'billing' ? 'billing' : 'account';

  const accountTab = (
    <>
      <nav aria-label={t('settings.contents')}>
        <Group gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none', rowGap: 4 }}>
          {SECTIONS.map(({ id, label }) => (
            <li key={id}>
              <Anchor href={`#${id}`} size="sm" c={id === 'delete' ? 'red.8' : undefined}>
                {t(label)}
              </Anchor>
            </li>
          ))}
        </Group>
      </nav>
      {account.isPending ? (
        <Loader role="status" aria-label={t('settings.loading')} />
      ) : account.isError ? (
        <Alert color="red" role="alert">
          {failure(account.error, t('settings.loadFailed'))}
        </Alert>
      ) : (
        <Stack gap="lg">
          <LanguageSection account={account.data} />
          {/* Other features' settings go here: the notifications' own section (ADR 0027). */}
          <NotificationSettings />
          <PasswordSection />
          <EmailSection account={account.data} />
          <SessionsSection />
          <DataSection />
          <DeleteAccountSection />
        </Stack>
      )}
    </>
  );

  return (
    <PageShell title={t('settings.title')} description={t('settings.lead')} size="md">
      <Tabs value={tab} onChange={(next) => setParams(next === 'billing' ? { tab: 'billing' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="account">{t('settings.tabs.account')}</Tabs.Tab>
          <Tabs.Tab value="billing">{t('settings.tabs.billing')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="account">
          <Stack gap="lg">{accountTab}</Stack>
        </Tabs.Panel>
        <Tabs.Panel value="billing">
          <BillingTab />
        </Tabs.Panel>
      </Tabs>
    </PageShell>
  );
}
