import { useRef, type ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useRevealInForm } from '@/lib/reveal-error';

interface FormMessageProps {
  tone: 'error' | 'success';
  children: ReactNode;
}

/**
 * The outcome of a form: an error (role alert) or a confirmation (role status). An error inside a form is scrolled
 * into view and focused when it appears and after each failed submit (lib/reveal-error.ts), in a dialog as on a page.
 */
export function FormMessage({ tone, children }: FormMessageProps) {
  const error = tone === 'error';
  const ref = useRef<HTMLDivElement>(null);
  useRevealInForm(ref, error);
  return (
    <Alert
      ref={ref}
      role={error ? 'alert' : 'status'}
      color={error ? 'red' : 'cusp'}
      variant="light"
      icon={error ? <IconAlertCircle aria-hidden /> : <IconCircleCheck aria-hidden />}
      // Focusable by script only (useRevealInForm), not a stop for Tab.
      tabIndex={error ? -1 : undefined}
    >
      {children}
    </Alert>
  );
}
