import { useState } from 'react';
import { ActionIcon, Group, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconEye, IconFile, IconCube } from '@tabler/icons-react';
import { FilePreview, formatBytes, isImageKind, isMeshKind } from '@/features/files';
import { useI18n } from '@/lib/use-i18n';
import { ScanCheck } from './ScanCheck';
import type { OrderFile } from '@/lib/domain';

/**
 * An order's files (case scans, delivered designs): name, size, a download link and, for STL, PLY
 * and OBJ (and pictures), a preview in a dialog with the 3D viewer. The bytes come from
 * `/api/orders/{id}/files/{fileId}`, for the order's two parties only.
 */
export function OrderFiles({ files, label }: { files: OrderFile[]; label: string }) {
  const { t, locale } = useI18n();
  const phone = useMediaQuery('(max-width: 48em)');
  const [previewing, setPreviewing] = useState<OrderFile | null>(null);

  return (
    <>
      <Stack gap={6} component="ul" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {files.map((file) => {
          const mesh = isMeshKind(file.kind);
          const previewable = !!file.url && (mesh || isImageKind(file.kind));
          return (
            <Paper component="li" key={file.id} withBorder radius="md" px="sm" py={6}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  {mesh ? <IconCube size={20} aria-hidden style={{ flexShrink: 0 }} /> : <IconFile size={20} aria-hidden style={{ flexShrink: 0 }} />}
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={600} truncate="end" title={file.name}>
                      {file.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {file.kind.toUpperCase()} · {formatBytes(file.size, locale)}
                    </Text>
                    <ScanCheck fileId={file.id} analysis={file.analysis} />
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  {previewable ? (
                    <Tooltip label={mesh ? t('orders.files.view3d') : t('orders.files.view')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={mesh ? t('orders.files.view3dFor', { name: file.name }) : t('orders.files.viewFor', { name: file.name })}
                        onClick={() => setPreviewing(file)}
                      >
                        <IconEye size={20} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                  {file.url ? (
                    <Tooltip label={t('orders.files.download')} withArrow>
                      <ActionIcon
                        component="a"
                        href={file.url}
                        download={file.name}
                        variant="subtle"
                        size="lg"
                        aria-label={t('orders.files.downloadFor', { name: file.name })}
                      >
                        <IconDownload size={20} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={previewing ? t('orders.files.previewTitle', { name: previewing.name }) : ''}
        size="xl"
        fullScreen={!!phone}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {previewing?.url ? <FilePreview name={previewing.name} type={previewing.kind} link={previewing.url} height={phone ? 360 : 460} /> : null}
      </Modal>
    </>
  );
}
