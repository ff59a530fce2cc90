import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { API_BASE } from '@/lib/api';
import { useI18n } from '@/lib/use-i18n';
import { SettingsSection } from './SettingsSection';

/** "Download my data": a plain link, so the browser streams the ZIP to disk with the session cookie. */
export function DataSection() {
  const { t } = useI18n();
  return (
    <SettingsSection id="data" title={t('settings.data.title')} description={t('settings.data.description')}>
      <Group>
        <Button component="a" href={`${API_BASE}/account/export`} download variant="default" leftSection={<IconDownload size={18} aria-hidden />}>
          {t('settings.data.download')}
        </Button>
      </Group>
    </SettingsSection>
  );
}
