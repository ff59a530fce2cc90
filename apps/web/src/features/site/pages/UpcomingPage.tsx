import { Button, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/PageShell';
import type { Resources } from '@/lib/i18n';

export type UpcomingPageKey = keyof Resources['upcoming']['pages'];

/** One placeholder for every route whose screen arrives with a later issue: its title and "opens soon". */
export function UpcomingPage({ page }: { page: UpcomingPageKey }) {
  const { t } = useTranslation();
  return (
    <PageShell title={t(`upcoming.pages.${page}`)} description={t('upcoming.text')} size="md">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconTools size={28} />
      </ThemeIcon>
      <Button component={Link} to="/" variant="light" w="fit-content">
        {t('common.backHome')}
      </Button>
    </PageShell>
  );
}
