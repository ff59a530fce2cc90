import { Anchor, Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingHospital, IconPencilCog, IconSchool, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { PageShell } from '@/components/PageShell';

const AUDIENCES: readonly { id: 'clinics' | 'designers' | 'learners'; icon: Icon }[] = [
  { id: 'clinics', icon: IconBuildingHospital },
  { id: 'designers', icon: IconPencilCog },
  { id: 'learners', icon: IconSchool },
];

/** What Cusp is and for whom. */
export function AboutPage() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('about.title')} pageTitle={t('about.pageTitle')} description={t('about.intro')}>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {AUDIENCES.map(({ id, icon: AudienceIcon }) => (
          <Paper key={id} withBorder radius="lg" p="lg" component="section" aria-labelledby={`about-${id}`}>
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
              <AudienceIcon size={24} />
            </ThemeIcon>
            <Title order={2} fz="h4" mt="md" mb={6} id={`about-${id}`}>
              {t(`about.${id}.title`)}
            </Title>
            <Text c="dimmed">{t(`about.${id}.text`)}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Stack gap="sm" align="flex-start">
        <Button component={Link} to="/designers" size="md">
          {t('about.cta')}
        </Button>
        <Text>
          {t('about.contact')}{' '}
          <Anchor component={Link} to="/support">
            {t('about.contactLink')}
          </Anchor>
        </Text>
      </Stack>
    </PageShell>
  );
}
