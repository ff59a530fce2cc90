import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

interface FormMessageProps {
  tone: 'error' | 'success';
  children: ReactNode;
}

/** The outcome of a form: an error (role alert) or a confirmation (role status). */
export function FormMessage({ tone, children }: FormMessageProps) {
  const error = tone === 'error';
  return (
    <Alert
      role={error ? 'alert' : 'status'}
      color={error ? 'red' : 'cusp'}
      variant="light"
      icon={error ? <IconAlertCircle aria-hidden /> : <IconCircleCheck aria-hidden />}
    >
      {children}
    </Alert>
  );
}
