import { useId, type ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

interface SettingsSectionProps {
  /** The anchor of the section (`/settings#password`). */
  id: string;
  title: string;
  description?: ReactNode;
  tone?: 'danger';
  children: ReactNode;
}

/** One titled part of the settings page: a landmark named by its h2. */
export function SettingsSection({ id, title, description, tone, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      style={tone === 'danger' ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId} c={tone === 'danger' ? 'red.8' : undefined}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
