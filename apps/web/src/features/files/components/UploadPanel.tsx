import { useId, useState } from 'react';
import { Button, CloseButton, Group, List, Paper, Progress, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { FormMessage } from '@/components/FormMessage';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useUploadFile } from '../api/upload-file';
import { checkFile, formatBytes, formatDuration } from '../lib/file-rules';
import { DropZone } from './DropZone';
import type { FileRecord } from '@/lib/domain';

/** The '+ Upload New File' tab: what is accepted, the drop zone, an optional name, progress. */
export function UploadPanel({ onUploaded }: { onUploaded: (file: FileRecord) => void }) {
  const { t, locale, number } = useI18n();
  const { failure } = useMessages();
  const rulesId = useId();
  const { state, start, cancel, reset } = useUploadFile();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const uploading = state.status === 'uploading';

  const choose = (chosen: File) => {
    reset();
    const check = checkFile(chosen);
    if (check.ok) {
      setFile(chosen);
      setRefusal(null);
      return;
    }
    setFile(null);
    const size = formatBytes(chosen.size, locale);
    setRefusal(t(`files.upload.${check.reason === 'type' ? 'wrongType' : check.reason === 'size' ? 'tooBig' : 'empty'}`, { name: chosen.name, size }));
  };

  const submit = async () => {
    if (!file) return;
    const record = await start(file, name);
    if (record) {
      setFile(null);
      setName('');
      onUploaded(record);
    }
  };

  const percent = state.status === 'uploading' && state.total > 0 ? state.loaded / state.total : 0;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="upload-rules-title">
        <Stack gap="sm">
          <Title order={2} fz="h3" id="upload-rules-title">
            {t('files.upload.rulesTitle')}
          </Title>
          <List spacing="xs" id={rulesId}>
            <List.Item>{t('files.upload.formats')}</List.Item>
            <List.Item>{t('files.upload.limit')}</List.Item>
            <List.Item>{t('files.upload.share')}</List.Item>
            <List.Item>{t('files.upload.expiry')}</List.Item>
          </List>
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="upload-form-title">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <Title order={2} fz="h3" id="upload-form-title">
              {t('files.upload.heading')}
            </Title>
            {refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}
            {state.status === 'error' ? (
              <FormMessage tone="error">{`${t('files.upload.failed')} ${failure(state.error, t('files.upload.tryAgain'))}`}</FormMessage>
            ) : null}
            {state.status === 'cancelled' ? (
              <Text role="status" c="orange.9" fw={600}>
                {t('files.upload.cancelled')}
              </Text>
            ) : null}

            {file ? (
              <Paper withBorder radius="md" p="sm" bg="gray.0">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <IconFile aria-hidden style={{ flexShrink: 0 }} />
                    <Stack gap={0} miw={0}>
                      <Text fw={600} truncate="end" title={file.name}>
                        {file.name}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {formatBytes(file.size, locale)}
                      </Text>
                    </Stack>
                  </Group>
                  {!uploading ? <CloseButton aria-label={t('files.upload.remove', { name: file.name })} onClick={() => setFile(null)} /> : null}
                </Group>
              </Paper>
            ) : (
              <DropZone onFile={choose} disabled={uploading} describedBy={rulesId} />
            )}

            <TextInput
              label={t('files.upload.nameLabel')}
              description={t('files.upload.nameHint')}
              value={name}
              maxLength={200}
              disabled={uploading}
              onChange={(event) => setName(event.currentTarget.value)}
            />

            {state.status === 'uploading' ? (
              <Stack gap={6}>
                <Progress value={percent * 100} size="lg" striped animated aria-label={t('files.upload.progressLabel')} />
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={600}>
                    {t('files.upload.percent', { percent: number(percent, { style: 'percent' }) })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('files.upload.speed', { speed: number(state.speed / (1024 * 1024), { maximumFractionDigits: 1 }) })}
                    {state.remaining !== null ? ` · ${t('files.upload.remaining', { time: formatDuration(state.remaining, locale) })}` : ''}
                  </Text>
                </Group>
                <Button variant="default" color="red" onClick={cancel} style={{ alignSelf: 'flex-start' }}>
                  {t('files.upload.cancel')}
                </Button>
              </Stack>
            ) : (
              <Button type="submit" disabled={!file} w={{ base: '100%', sm: 'auto' }} style={{ alignSelf: 'flex-start' }}>
                {t('files.upload.submit')}
              </Button>
            )}
          </Stack>
        </form>
      </Paper>
    </SimpleGrid>
  );
}
