import { Button, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { PageShell } from '@/components/PageShell';
import { FormMessage } from '@/components/FormMessage';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useFiles } from '../api/list-files';
import { FilesTable } from '../components/FilesTable';
import { UploadPanel } from '../components/UploadPanel';

type Tab = 'list' | 'upload';

function MyFiles({ onUpload }: { onUpload: () => void }) {
  const { t } = useI18n();
  const { failure } = useMessages();
  const files = useFiles();
  if (files.isPending) return <PageLoader label={t('files.loading')} />;
  if (files.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormMessage tone="error">{failure(files.error, t('files.loadFailed'))}</FormMessage>
        <Button variant="default" onClick={() => void files.refetch()}>
          {t('files.retry')}
        </Button>
      </Stack>
    );
  }
  if (files.data.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="sm">
          <IconFolderOpen size={48} aria-hidden color="var(--mantine-color-cusp-8)" />
          <Title order={2} fz="h3">
            {t('files.empty.title')}
          </Title>
          <Text c="dimmed">{t('files.empty.text')}</Text>
          <Button onClick={onUpload}>{t('files.empty.action')}</Button>
        </Stack>
      </Paper>
    );
  }
  return <FilesTable files={files.data} />;
}

/** /files: My Files and '+ Upload New File' tabs; ?tab=upload opens the second. */
export function FilesPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'upload' ? 'upload' : 'list';

  const selectTab = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === 'upload') next.set('tab', 'upload');
    else next.delete('tab');
    setParams(next, { replace: true });
  };

  return (
    <PageShell title={t('files.title')} pageTitle={t('files.pageTitle')} description={t('files.subtitle')}>
      <Tabs value={tab} onChange={selectTab}>
        <Tabs.List aria-label={t('files.tabsLabel')} mb="xl">
          <Tabs.Tab value="list">{t('files.tabs.list')}</Tabs.Tab>
          <Tabs.Tab value="upload">{t('files.tabs.upload')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          <MyFiles onUpload={() => selectTab('upload')} />
        </Tabs.Panel>
        <Tabs.Panel value="upload">
          <UploadPanel
            onUploaded={(file) => {
              notifySuccess(t('files.upload.done', { name: file.name }));
              selectTab('list');
            }}
          />
        </Tabs.Panel>
      </Tabs>
    </PageShell>
  );
}
