import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Box, CloseButton, FileButton, Group, Progress, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG, type Attachment } from '@cusp/shared';
import { notifyError } from '@/lib/notify';
import { getSocket } from '@/lib/socket';
import { useMessages as useServerMessages } from '@/lib/use-messages';
import { useI18n } from '@/lib/use-i18n';
import { useSendMessage } from '../api/send-message';
import { uploadAttachment } from '../api/upload-attachment';
import { newClientId } from '../lib/chat';
import classes from './Messages.module.css';
import type { CurrentUser } from '@/lib/domain';

/** What the server takes as a chat attachment: the case-file types, checked by content (docs/decisions/0007, 0020). */
export const ATTACH_ACCEPT = '.stl,.ply,.obj,.zip,.jpg,.jpeg,.png';
export const MAX_ATTACHMENTS = 10;
/** "typing: false" after this much quiet. */
export const TYPING_IDLE_MS = 2000;

interface PendingFile {
  key: string;
  name: string;
  progress: number;
  attachment?: Attachment;
}

interface ComposerProps {
  me: CurrentUser;
  conversationId: string;
  disabled?: boolean;
}

/** The message box: Enter sends, Shift+Enter breaks the line; 1 to 499 characters (docs/product.md §9.2); files. */
export function Composer({ me, conversationId, disabled }: ComposerProps) {
  const { t, number, dir } = useI18n();
  const { message: translate, failure } = useServerMessages();
  const send = useSendMessage(me);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PendingFile[]>([]);
  const retry = useRef<{ text: string; clientId: string } | null>(null);
  const hintId = useId();
  const counterId = useId();

  const length = text.trim().length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const uploading = files.some((f) => !f.attachment);
  const canSend = !disabled && length > 0 && !tooLong && !uploading;

  // --- typing signal: true at the first keystroke, false after 2 s of quiet or on send -----------
  const typingSent = useRef(false);
  const idle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopTyping = () => {
    clearTimeout(idle.current);
    if (!typingSent.current) return;
    typingSent.current = false;
    getSocket()?.emit('typing', { conversationID: conversationId, isTyping: false });
  };
  const stopRef = useRef(stopTyping);
  useEffect(() => {
    stopRef.current = stopTyping;
  });
  useEffect(() => () => stopRef.current(), []);

  const typed = () => {
    const socket = getSocket();
    if (!socket?.connected) return;
    if (!typingSent.current) {
      typingSent.current = true;
      socket.emit('typing', { conversationID: conversationId, isTyping: true });
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(() => stopRef.current(), TYPING_IDLE_MS);
  };

  const submit = () => {
    if (!canSend) return;
    const description = text.trim();
    // A retry of the same failed text keeps its clientId: the server stores it at most once.
    const clientId = retry.current?.text === description ? retry.current.clientId : newClientId();
    const attachments = files.flatMap((f) => (f.attachment ? [f.attachment] : []));
    stopTyping();
    setText('');
    setFiles([]);
    send.mutate(
      { conversationId, description, clientId, attachments },
      {
        onSuccess: () => {
          retry.current = null;
        },
        onError: (error) => {
          retry.current = { text: description, clientId };
          setText((current) => current || description);
          notifyError(failure(error, t('messages.chat.sendFailed')));
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const attach = (picked: File[]) => {
    const room = MAX_ATTACHMENTS - files.length;
    if (picked.length > room) notifyError(t('messages.composer.tooManyFiles', { max: number(MAX_ATTACHMENTS) }));
    for (const file of picked.slice(0, Math.max(room, 0))) {
      const key = newClientId();
      setFiles((list) => [...list, { key, name: file.name, progress: 0 }]);
      uploadAttachment(conversationId, file, (progress) => setFiles((list) => list.map((f) => (f.key === key ? { ...f, progress } : f)))).then(
        (attachment) => setFiles((list) => list.map((f) => (f.key === key ? { ...f, progress: 1, attachment } : f))),
        (error: unknown) => {
          setFiles((list) => list.filter((f) => f.key !== key));
          notifyError(failure(error, t('messages.composer.uploadFailed', { name: file.name })));
        },
      );
    }
  };

  return (
    <Box component="form" onSubmit={onSubmit} className={classes.composer}>
      {files.length ? (
        <Group gap="xs" mb="xs">
          {files.map((file) => (
            <Group
              key={file.key}
              gap={4}
              wrap="nowrap"
              px="xs"
              py={2}
              style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 999, maxWidth: '100%' }}
            >
              <Text size="xs" truncate maw={160}>
                {file.name}
              </Text>
              {file.attachment ? null : (
                <>
                  <Progress value={file.progress * 100} w={48} size="sm" aria-hidden />
                  <VisuallyHidden role="status">
                    {t('messages.composer.uploading', { name: file.name, percent: number(file.progress, { style: 'percent' }) })}
                  </VisuallyHidden>
                </>
              )}
              <CloseButton
                size="xs"
                aria-label={t('messages.composer.remove', { name: file.name })}
                onClick={() => setFiles((list) => list.filter((f) => f.key !== file.key))}
              />
            </Group>
          ))}
        </Group>
      ) : null}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <FileButton onChange={attach} accept={ATTACH_ACCEPT} multiple>
          {(props) => (
            <ActionIcon {...props} variant="subtle" color="gray" size="lg" aria-label={t('messages.composer.attach')} disabled={disabled}>
              <IconPaperclip size={20} aria-hidden />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          flex={1}
          autosize
          minRows={1}
          maxRows={5}
          aria-label={t('messages.composer.label')}
          aria-describedby={`${hintId} ${counterId}`}
          aria-invalid={tooLong || undefined}
          placeholder={t('messages.composer.placeholder')}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.currentTarget.value);
            typed();
          }}
          onKeyDown={onKeyDown}
        />
        <ActionIcon type="submit" size="lg" aria-label={t('messages.composer.send')} disabled={!canSend}>
          <IconSend size={18} aria-hidden style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined} />
        </ActionIcon>
      </Group>
      <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
        <Text id={hintId} size="xs" c={tooLong ? 'red.8' : 'gray.7'} role={tooLong ? 'alert' : undefined} className={tooLong ? undefined : classes.hint}>
          {tooLong ? translate(MESSAGE_TOO_LONG) : t('messages.composer.hint')}
        </Text>
        <Text id={counterId} size="xs" c={tooLong ? 'red.8' : 'gray.7'} style={{ flex: 'none' }}>
          {t('messages.composer.counter', { length: number(length), max: number(MESSAGE_MAX_LENGTH) })}
        </Text>
      </Group>
    </Box>
  );
}
