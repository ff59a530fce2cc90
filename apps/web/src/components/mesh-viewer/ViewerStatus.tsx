import { Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

/** The viewer's loading and error faces (also the lazy chunk's fallback). */
export function ViewerStatus({ state, height, overlay = false }: { state: 'loading' | 'error'; height?: number | string; overlay?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center
      h={overlay ? '100%' : height}
      pos={overlay ? 'absolute' : undefined}
      inset={overlay ? 0 : undefined}
      bg="gray.0"
      role={state === 'error' ? 'alert' : 'status'}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Stack align="center" gap="xs" p="md">
        {state === 'loading' ? <Loader size="sm" /> : <IconAlertTriangle aria-hidden color="var(--mantine-color-red-7)" />}
        <Text size="sm" c={state === 'error' ? 'red.8' : 'dimmed'} ta="center">
          {state === 'loading' ? t('files.viewer.loading') : t('files.viewer.error')}
        </Text>
      </Stack>
    </Center>
  );
}
