import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4, IconMail, IconMessageCircle, IconPhone, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';

export const SUPPORT_EMAIL = 'support@cusp.dental';
export const SUPPORT_PHONE = '+1 (800) 555-0199';

function InfoRow({ icon: RowIcon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
        <RowIcon size={20} />
      </ThemeIcon>
      <Stack gap={2}>
        <Text fw={600}>{label}</Text>
        {children}
      </Stack>
    </Group>
  );
}

/** E-mail, phone and live chat hours, with a Start Chat button to the messages page. */
export function ContactInfo() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="contact-info-title">
      <Stack gap="lg">
        <Title order={2} fz="h3" id="contact-info-title">
          {t('support.info.title')}
        </Title>
        <InfoRow icon={IconMail} label={t('support.info.email')}>
          <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
        </InfoRow>
        <InfoRow icon={IconPhone} label={t('support.info.phone')}>
          <Anchor href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`} dir="ltr">
            {SUPPORT_PHONE}
          </Anchor>
        </InfoRow>
        <InfoRow icon={IconClockHour4} label={t('support.info.chat')}>
          <Text>{t('support.hours')}</Text>
        </InfoRow>
        <Button component={Link} to="/messages" leftSection={<IconMessageCircle size={18} aria-hidden />}>
          {t('support.info.startChat')}
        </Button>
      </Stack>
    </Paper>
  );
}
