import { Box, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackageExport, IconSearch, IconUsersGroup, type Icon } from '@tabler/icons-react';
import { useI18n } from '@/lib/use-i18n';

const STEPS: readonly { id: 'discover' | 'collaborate' | 'deliver'; icon: Icon }[] = [
  { id: 'discover', icon: IconSearch },
  { id: 'collaborate', icon: IconUsersGroup },
  { id: 'deliver', icon: IconPackageExport },
];

/** The three-step path: discover, collaborate, deliver. */
export function StepsSection() {
  const { t, number } = useI18n();
  return (
    <Box bg="cusp.0" component="section" aria-labelledby="steps-title">
      <Container size="lg" py={{ base: 48, md: 72 }}>
        <Title order={2} id="steps-title" ta="center" mb="xl">
          {t('home.steps.title')}
        </Title>
        <SimpleGrid component="ol" cols={{ base: 1, md: 3 }} spacing="xl" p={0} m={0} style={{ listStyle: 'none' }}>
          {STEPS.map(({ id, icon: StepIcon }, index) => (
            <Stack component="li" key={id} align="center" ta="center" gap="sm">
              <ThemeIcon size={64} radius="xl" aria-hidden>
                <StepIcon size={30} />
              </ThemeIcon>
              <Text fw={700} c="cusp.9" tt="uppercase" size="sm">
                {t('home.steps.step', { number: number(index + 1) })}
              </Text>
              <Title order={3} fz="h3">
                {t(`home.steps.${id}.title`)}
              </Title>
              <Text maw={320}>{t(`home.steps.${id}.text`)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
