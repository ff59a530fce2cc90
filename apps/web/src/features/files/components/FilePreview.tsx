import { Center, Image, Text } from '@mantine/core';
import type { FileKind } from '@cusp/shared';
import { MeshViewer } from '@/components/mesh-viewer';
import { useI18n } from '@/lib/use-i18n';
import { isImageKind, isMeshKind, sameOriginPath } from '../lib/file-rules';

/** A file's preview: the 3D viewer for meshes, the picture for images, a note for ZIP archives. */
export function FilePreview({ name, type, link, height = 420 }: { name: string; type: FileKind; link: string; height?: number }) {
  const { t } = useI18n();
  const url = sameOriginPath(link);
  if (isMeshKind(type)) return <MeshViewer url={url} type={type} name={name} height={height} />;
  if (isImageKind(type)) {
    return <Image src={url} alt={t('files.preview.imageAlt', { name })} mah={height} fit="contain" radius="md" bg="gray.0" />;
  }
  return (
    <Center h={120} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Text c="dimmed" ta="center" px="md">
        {t('files.preview.none')}
      </Text>
    </Center>
  );
}
