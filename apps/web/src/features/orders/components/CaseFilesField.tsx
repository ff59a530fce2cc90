import { useId, useState, type DragEvent } from 'react';
import { CloseButton, Group, List, NativeSelect, Paper, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconFile, IconUpload } from '@tabler/icons-react';
import { ORDER_MAX_FILES, type FileRole } from '@cusp/shared';
import { ACCEPT, checkFile, formatBytes } from '@/features/files';
import { useI18n } from '@/lib/use-i18n';
import type { CaseFileUpload } from '../api/order-files';
import { useDentalLabels } from '../lib/dental-labels';
import { useOrderMessages } from '@/lib/order-messages';
import classes from './CaseFilesField.module.css';
import { ScanCheck } from './ScanCheck';

interface CaseFilesFieldProps {
  label: string;
  description?: string;
  items: CaseFileUpload[];
  onAdd: (file: File) => void;
  onRemove: (key: string) => void;
  error?: string;
  disabled?: boolean;
  /**
   * Case files of an order (docs/product.md §5.1): each uploaded file shows the role the server guessed from its name
   * (`record.role`) or the one chosen here, with a select to change it.
   */
  roles?: Readonly<Record<string, FileRole>>;
  onRoleChange?: (id: string, role: FileRole) => void;
}

/**
 * Case or design files for an order: several at once (picked or dropped), each uploaded at once
 * with its own progress bar and a remove button (which also cancels a running upload). Files the
 * server would refuse by name or size are refused here first, with the reason.
 */
export function CaseFilesField({ label, description, items, onAdd, onRemove, error, disabled = false, roles, onRoleChange }: CaseFilesFieldProps) {
  const { t, locale, number } = useI18n();
  const dental = useDentalLabels();
  const { failure } = useOrderMessages();
  const inputId = useId();
  const descriptionId = useId();
  const [refusals, setRefusals] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const full = items.length >= ORDER_MAX_FILES;

  const choose = (files: File[]) => {
    const problems: string[] = [];
    let room = ORDER_MAX_FILES - items.length;
    for (const file of files) {
      const check = checkFile(file);
      if (!check.ok) {
        const size = formatBytes(file.size, locale);
        const reason = check.reason === 'type' ? 'wrongType' : check.reason === 'size' ? 'tooBig' : 'empty';
        problems.push(t(`files.upload.${reason}`, { name: file.name, size }));
      } else if (room <= 0) {
        problems.push(t('orders.files.tooMany', { name: file.name, max: number(ORDER_MAX_FILES) }));
      } else {
        room -= 1;
        onAdd(file);
      }
    }
    setRefusals(problems);
  };

  const onDragOver = (event: DragEvent) => {
    if (disabled || !Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) choose(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack gap="xs">
      <div>
        <Text fw={500} size="sm" component="span">
          {label}
        </Text>
        <Text size="xs" c="dimmed" id={descriptionId}>
          {description ?? t('orders.files.hint', { max: number(ORDER_MAX_FILES) })}
        </Text>
      </div>
      <label
        htmlFor={inputId}
        className={classes.zone}
        data-active={over || undefined}
        data-disabled={disabled || full || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="case-files-drop"
      >
        <IconUpload size={22} aria-hidden />
        <span>{t('orders.files.choose')}</span>
        <VisuallyHidden>
          <input
            id={inputId}
            type="file"
            multiple
            accept={ACCEPT}
            disabled={disabled || full}
            aria-label={label}
            aria-describedby={descriptionId}
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = '';
              choose(files);
            }}
          />
        </VisuallyHidden>
      </label>
      {refusals.length > 0 ? (
        <List size="sm" c="var(--mantine-color-error)" role="alert" spacing={2}>
          {refusals.map((text) => (
            <List.Item key={text}>{text}</List.Item>
          ))}
        </List>
      ) : null}
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
      {items.length > 0 ? (
        <Stack gap={6} component="ul" className={classes.list} aria-label={t('orders.files.listLabel')}>
          {items.map((item) => {
            const percent = item.status === 'uploading' && item.total > 0 ? item.loaded / item.total : item.status === 'done' ? 1 : 0;
            return (
              <Paper component="li" key={item.key} withBorder radius="md" p="xs" bg="gray.0">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                    {item.status === 'done' ? (
                      <IconCircleCheck size={20} aria-hidden color="var(--mantine-color-cusp-8)" style={{ flexShrink: 0 }} />
                    ) : (
                      <IconFile size={20} aria-hidden style={{ flexShrink: 0 }} />
                    )}
                    <Stack gap={2} miw={0} style={{ flex: 1 }}>
                      <Text size="sm" fw={600} truncate="end" title={item.name}>
                        {item.name}
                      </Text>
                      {item.status === 'uploading' ? (
                        <>
                          <Progress value={percent * 100} size="sm" aria-label={t('orders.files.progress', { name: item.name })} />
                          <Text size="xs" c="dimmed">
                            {t('orders.files.uploading', { percent: number(percent, { style: 'percent' }) })}
                          </Text>
                        </>
                      ) : item.status === 'error' ? (
                        <Text size="xs" c="var(--mantine-color-error)" role="alert">
                          {t('orders.files.failed', { reason: failure(item.error, t('orders.files.tryAgain')) })}
                        </Text>
                      ) : (
                        <>
                          <Text size="xs" c="dimmed">
                            {t('orders.files.uploaded', { size: formatBytes(item.size, locale) })}
                          </Text>
                          {onRoleChange ? (
                            <NativeSelect
                              size="xs"
                              w={{ base: '100%', xs: 200 }}
                              aria-label={t('orders.rx.role', { name: item.name })}
                              data={dental.options.roles}
                              value={roles?.[item.record.id] ?? item.record.role}
                              onChange={(event) => onRoleChange(item.record.id, event.currentTarget.value as FileRole)}
                              disabled={disabled}
                              data-testid="file-role"
                            />
                          ) : null}
                          <ScanCheck fileId={item.record.id} analysis={item.record.analysis} />
                        </>
                      )}
                    </Stack>
                  </Group>
                  <CloseButton
                    aria-label={
                      item.status === 'uploading'
                        ? t('orders.files.cancel', { name: item.name })
                        : t('orders.files.remove', { name: item.name })
                    }
                    onClick={() => onRemove(item.key)}
                    disabled={disabled}
                  />
                </Group>
              </Paper>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
