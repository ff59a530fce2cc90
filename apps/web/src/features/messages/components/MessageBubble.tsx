import { Anchor, Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import type { ChatMessage } from '../lib/chat';
import { formatBytes, formatWhen } from '../lib/format';
import classes from './Messages.module.css';

/**
 * One message: own ones on the inline-end side; images inline, other files as download chips. An
 * attachment's url is same-origin and answers only the conversation's parties with their session
 * cookie (docs/decisions/0020); it is sent as a download, so its links save it rather than open it.
 */
interface MessageBubbleProps {
  message: ChatMessage;
  own: boolean;
  /** An image finished loading (the list grew taller). */
  onMediaLoad?: () => void;
}

export function MessageBubble({ message, own, onMediaLoad }: MessageBubbleProps) {
  const { t, locale } = useI18n();
  const images = message.attachments.filter((a) => a.type === 'image');
  const files = message.attachments.filter((a) => a.type !== 'image');

  return (
    <Box className={classes.bubble} mod={{ own, pending: !!message.isOptimistic }} data-testid="message">
      <VisuallyHidden>{`${userName(t, message.user.username)}: `}</VisuallyHidden>
      <Text size="sm" className={classes.text} dir="auto">
        {message.description}
      </Text>
      {images.map((image) => (
        <a key={image.url} href={image.url} download={image.name} aria-label={t('messages.attachment.download', { name: image.name })}>
          <img src={image.url} alt={image.name} className={classes.image} onLoad={onMediaLoad} />
        </a>
      ))}
      {files.length ? (
        <Group gap={6} mt={6}>
          {files.map((file) => (
            <Anchor
              key={file.url}
              href={file.url}
              download={file.name}
              size="xs"
              underline="never"
              aria-label={t('messages.attachment.download', { name: file.name })}
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 6,
                padding: '4px 10px',
                borderRadius: 999,
                background: 'var(--mantine-color-white)',
                border: '1px solid var(--mantine-color-gray-4)',
                color: 'var(--mantine-color-gray-9)',
                maxWidth: '100%',
              }}
            >
              <IconFile size={14} aria-hidden />
              <Text span size="xs" truncate maw={180}>
                {file.name}
              </Text>
              {file.size !== undefined ? (
                <Text span size="xs" c="gray.7">
                  {formatBytes(file.size, locale)}
                </Text>
              ) : null}
              <IconDownload size={14} aria-hidden />
            </Anchor>
          ))}
        </Group>
      ) : null}
      <Text size="xs" c="gray.7" mt={4} ta="end">
        {message.isOptimistic ? t('messages.chat.sending') : formatWhen(message.createdAt, locale, true)}
      </Text>
    </Box>
  );
}
