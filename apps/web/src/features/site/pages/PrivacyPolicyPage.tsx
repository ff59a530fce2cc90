import { Anchor, Stack, Text, Title } from '@mantine/core';
import { PageShell } from '@/components/PageShell';
import { formatDate } from '@/lib/format';
import { useI18n } from '@/lib/use-i18n';

export const PRIVACY_EMAIL = 'privacy@cusp.dental';
const LAST_UPDATED = '2026-11-21';
const SECTIONS = ['collected', 'use', 'sharing', 'security', 'rights', 'cookies', 'changes'] as const;

export function PrivacyPolicyPage() {
  const { t, locale } = useI18n();
  return (
    <PageShell
      title={t('privacy.title')}
      pageTitle={t('privacy.pageTitle')}
      size="md"
      description={t('privacy.updated', { date: formatDate(LAST_UPDATED, locale, { dateStyle: 'long' }) })}
    >
      <Text size="lg">{t('privacy.intro')}</Text>
      {SECTIONS.map((section) => (
        <Stack key={section} gap="xs" component="section" aria-labelledby={`privacy-${section}`}>
          <Title order={2} fz="h3" id={`privacy-${section}`}>
            {t(`privacy.${section}.title`)}
          </Title>
          <Text>{t(`privacy.${section}.text`)}</Text>
        </Stack>
      ))}
      <Stack gap="xs" component="section" aria-labelledby="privacy-contact">
        <Title order={2} fz="h3" id="privacy-contact">
          {t('privacy.contact.title')}
        </Title>
        <Text>
          {t('privacy.contact.text')} <Anchor href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Anchor>.
        </Text>
      </Stack>
    </PageShell>
  );
}
