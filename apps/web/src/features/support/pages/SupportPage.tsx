import { Grid, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { PageShell } from '@/components/PageShell';
import { useMe } from '@/features/auth';
import { ContactForm } from '../components/ContactForm';
import { ContactInfo } from '../components/ContactInfo';
import { Faq } from '../components/Faq';

type Tab = 'contact' | 'faq';

/** Tabs Contact Us and FAQ; ?tab=faq opens the FAQ (the navbar's and help widget's FAQ link). */
export function SupportPage() {
  const { t } = useTranslation();
  const { user } = useMe();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'faq' ? 'faq' : 'contact';

  const selectTab = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === 'faq') next.set('tab', 'faq');
    else next.delete('tab');
    setParams(next, { replace: true });
  };

  return (
    <PageShell title={t('support.title')} pageTitle={t('support.pageTitle')} description={t('support.subtitle')}>
      <Tabs value={tab} onChange={selectTab}>
        <Tabs.List aria-label={t('support.tabsLabel')} mb="xl">
          <Tabs.Tab value="contact">{t('support.contactTab')}</Tabs.Tab>
          <Tabs.Tab value="faq">{t('support.faqTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contact">
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ContactForm key={user?.id ?? 'visitor'} defaults={user ? { name: user.username, email: user.email } : undefined} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ContactInfo />
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="faq">
          <Faq />
        </Tabs.Panel>
      </Tabs>
    </PageShell>
  );
}
