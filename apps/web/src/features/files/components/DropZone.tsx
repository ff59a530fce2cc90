import { useId, useState, type DragEvent } from 'react';
import { Text, VisuallyHidden } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { ACCEPT } from '../lib/file-rules';
import classes from './DropZone.module.css';

interface DropZoneProps {
  onFile: (file: File) => void;
  disabled?: boolean;
  /** Id of the text that describes the accepted files, for the input's description. */
  describedBy?: string;
}

/**
 * A drop area for one file. The real control is a visually hidden file input inside the label: it
 * keeps keyboard focus (Enter or Space opens the picker) and screen readers announce it as a file
 * upload; dragging a file onto the area works too.
 */
export function DropZone({ onFile, disabled = false, describedBy }: DropZoneProps) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (disabled || !Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <label
      htmlFor={id}
      className={[classes.zone, over ? classes.active : '', disabled ? classes.disabled : ''].join(' ')}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <IconUpload size={36} aria-hidden color="var(--mantine-color-cusp-8)" />
      <Text fw={600}>{t('files.upload.drop')}</Text>
      <Text size="sm" c="dimmed">
        {t('files.upload.or')}
      </Text>
      <span className={classes.choose} aria-hidden>
        {t('files.upload.choose')}
      </span>
      <VisuallyHidden>
        <input
          id={id}
          type="file"
          accept={ACCEPT}
          disabled={disabled}
          aria-label={t('files.upload.inputLabel')}
          aria-describedby={describedBy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = ''; // the same file can be chosen again
            if (file) onFile(file);
          }}
        />
      </VisuallyHidden>
    </label>
  );
}
