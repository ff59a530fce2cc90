import { useState } from 'react';
import { AspectRatio, Group, Image, Stack, UnstyledButton } from '@mantine/core';
import { DEFAULT_COVER } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import classes from './ServiceGallery.module.css';

/** The cover (default picture when missing) and clickable thumbnails of the cover and the extra images. */
export function ServiceGallery({ title, cover, images }: { title: string; cover: string | null; images: string[] }) {
  const { t } = useI18n();
  const pictures = [...(cover ? [cover] : []), ...images];
  const [selected, setSelected] = useState(0);
  const current = pictures[selected] ?? DEFAULT_COVER;

  return (
    <Stack gap="sm">
      <AspectRatio ratio={16 / 10}>
        <Image src={current} fallbackSrc={DEFAULT_COVER} alt={t('catalogue.detail.imageAlt', { title, index: selected + 1 })} radius="md" />
      </AspectRatio>
      {pictures.length > 1 ? (
        <Group gap="xs">
          {pictures.map((url, index) => (
            <UnstyledButton
              key={url}
              className={classes.thumb}
              aria-label={t('catalogue.detail.showImage', { index: index + 1 })}
              aria-pressed={index === selected}
              onClick={() => setSelected(index)}
            >
              <Image src={url} alt="" w={72} h={54} fit="cover" radius="sm" />
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
