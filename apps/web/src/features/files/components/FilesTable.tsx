import { useState } from 'react';
import { ActionIcon, Anchor, Button, Card, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCopy, IconDownload, IconEye, IconTrash } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useDeleteFile } from '../api/delete-file';
import { formatBytes, shortLink } from '../lib/file-rules';
import { FilePreview } from './FilePreview';
import type { FileRecord } from '@/lib/domain';

interface RowActions {
  copy: (file: FileRecord) => void;
  preview: (file: FileRecord) => void;
  remove: (file: FileRecord) => void;
}

function Actions({ file, actions }: { file: FileRecord; actions: RowActions }) {
  const { t } = useI18n();
  const name = file.name;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('files.actions.copy')} withArrow>
        <ActionIcon variant="subtle" size="lg" aria-label={t('files.actions.copyFor', { name })} onClick={() => actions.copy(file)}>
          <IconCopy size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('files.actions.download')} withArrow>
        <ActionIcon component="a" href={file.link} download={file.name} variant="subtle" size="lg" aria-label={t('files.actions.downloadFor', { name })}>
          <IconDownload size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {file.type !== 'zip' ? (
        <Tooltip label={t('files.actions.preview')} withArrow>
          <ActionIcon variant="subtle" size="lg" aria-label={t('files.actions.previewFor', { name })} onClick={() => actions.preview(file)}>
            <IconEye size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Tooltip label={t('files.actions.delete')} withArrow>
        <ActionIcon variant="subtle" color="red.8" size="lg" aria-label={t('files.actions.deleteFor', { name })} onClick={() => actions.remove(file)}>
          <IconTrash size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** My Files: a table on wide screens, one card per file on a phone. */
export function FilesTable({ files }: { files: FileRecord[] }) {
  const { t, locale } = useI18n();
  const { failure } = useMessages();
  const phone = useMediaQuery('(max-width: 48em)');
  const [previewing, setPreviewing] = useState<FileRecord | null>(null);
  const [deleting, setDeleting] = useState<FileRecord | null>(null);
  const remove = useDeleteFile();
  const date = (value: string) => formatDate(value, locale);

  const actions: RowActions = {
    copy: (file) => {
      const copied = navigator.clipboard?.writeText(file.shareUrl) ?? Promise.reject(new Error('No clipboard'));
      copied.then(
        () => notifySuccess(t('files.copied')),
        () => notifyError(t('files.copyFailed')),
      );
    },
    preview: setPreviewing,
    remove: (file) => {
      remove.reset();
      setDeleting(file);
    },
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.link, {
      onSuccess: () => {
        notifySuccess(t('files.delete.done', { name: deleting.name }));
        setDeleting(null);
      },
      onError: (error) => {
        notifyError(`${t('files.delete.failed')} ${failure(error, t('files.delete.tryAgain'))}`);
        setDeleting(null);
      },
    });
  };

  const link = (file: FileRecord) => (
    <Anchor href={file.shareUrl} target="_blank" rel="noopener" title={file.shareUrl} ff="monospace" fz="sm" dir="ltr">
      {shortLink(file.shareUrl)}
    </Anchor>
  );

  return (
    <>
      {phone ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('files.table.caption')}>
          {files.map((file) => (
            <Card component="li" key={file.id} withBorder radius="md" padding="md">
              <Stack gap={6}>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {t('files.table.link')}:{' '}
                  </Text>
                  {link(file)}
                </Text>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {t('files.table.uploadDate')}:{' '}
                  </Text>
                  {date(file.uploadDate)}
                </Text>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {t('files.table.expiryDate')}:{' '}
                  </Text>
                  {date(file.expiryDate)}
                </Text>
                <Actions file={file} actions={actions} />
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{t('files.table.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('files.table.name')}</Table.Th>
                <Table.Th>{t('files.table.link')}</Table.Th>
                <Table.Th>{t('files.table.uploadDate')}</Table.Th>
                <Table.Th>{t('files.table.expiryDate')}</Table.Th>
                <Table.Th>{t('files.table.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td maw={280}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {file.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatBytes(file.size, locale)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{link(file)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(file.uploadDate)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(file.expiryDate)}</Table.Td>
                  <Table.Td>
                    <Actions file={file} actions={actions} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={previewing ? t('files.preview.title', { name: previewing.name }) : ''}
        size="xl"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {previewing ? <FilePreview name={previewing.name} type={previewing.type} link={previewing.link} height={phone ? 360 : 460} /> : null}
      </Modal>

      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('files.delete.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Stack gap="lg">
          <Text>{t('files.delete.confirm')}</Text>
          {deleting ? (
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {deleting.name}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              {t('files.delete.cancel')}
            </Button>
            <Button color="red.8" onClick={confirmDelete} loading={remove.isPending}>
              {t('files.delete.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
