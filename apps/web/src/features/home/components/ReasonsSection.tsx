import { Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBolt,
  IconCertificate,
  IconMessages,
  IconReceipt,
  IconRosetteDiscountCheck,
  IconShieldLock,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

const REASONS: readonly { id: 'expertise' | 'security' | 'speed' | 'collaboration' | 'pricing' | 'vetted'; icon: Icon }[] = [
  { id: 'expertise', icon: IconCertificate },
  { id: 'security', icon: IconShieldLock },
  { id: 'speed', icon: IconBolt },
  { id: 'collaboration', icon: IconMessages },
  { id: 'pricing', icon: IconReceipt },
  { id: 'vetted', icon: IconRosetteDiscountCheck },
];

/** The six reasons to choose Cusp (docs/product.md §3.3). */
export function ReasonsSection() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={{ base: 48, md: 72 }} component="section" aria-labelledby="reasons-title">
      <Stack gap="xs" align="center" ta="center" mb="xl">
        <Title order={2} id="reasons-title">
          {t('home.reasons.title')}
        </Title>
        <Text c="dimmed" size="lg">
          {t('home.reasons.subtitle')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {REASONS.map(({ id, icon: ReasonIcon }) => (
          <Paper key={id} withBorder radius="lg" p="lg">
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
              <ReasonIcon size={24} />
            </ThemeIcon>
            <Title order={3} fz="h4" mt="md" mb={6}>
              {t(`home.reasons.${id}.title`)}
            </Title>
            <Text c="dimmed">{t(`home.reasons.${id}.text`)}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
