import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useI18n } from '@/lib/use-i18n';
import type { Profile } from '@/lib/domain';

/** The About tab in view mode: description, website, CAD software. */
export function ProfileAbout({ profile }: { profile: Profile }) {
  const { t } = useI18n();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('catalogue.profile.description')}
        </Title>
        <Text style={{ whiteSpace: 'pre-line' }}>{profile.description || t('catalogue.profile.noDescription')}</Text>
      </Stack>
      {profile.website ? (
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('catalogue.profile.website')}
          </Title>
          <Anchor href={profile.website} target="_blank" rel="noopener noreferrer nofollow" dir="ltr" w="fit-content">
            {profile.website}
          </Anchor>
        </Stack>
      ) : null}
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('catalogue.profile.software')}
        </Title>
        {profile.software.length > 0 ? (
          <Group gap={6}>
            {profile.software.map((name) => (
              <Badge key={name} variant="light" color="gray" c="dark.6" tt="none">
                {name}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text c="dimmed">{t('catalogue.profile.noSoftware')}</Text>
        )}
      </Stack>
    </Stack>
  );
}
