import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

/** A centred loader for a page or a section still loading. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center py={64} role="status">
      <Loader />
      <VisuallyHidden>{label ?? t('app.loading')}</VisuallyHidden>
    </Center>
  );
}
