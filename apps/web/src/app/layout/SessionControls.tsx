import { Box, Button, Group, Loader, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/features/auth';
import { UserMenu } from './UserMenu';

/** A loader while /me runs, then the user's menu or the Login and Register links. */
export function SessionControls() {
  const { t } = useTranslation();
  const { user, isPending } = useMe();

  if (isPending) {
    return (
      <Box role="status" display="flex">
        <Loader size="sm" />
        <VisuallyHidden>{t('nav.checkingSession')}</VisuallyHidden>
      </Box>
    );
  }
  if (user) return <UserMenu user={user} />;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to="/login" variant="subtle">
        {t('nav.login')}
      </Button>
      <Button component={Link} to="/register">
        {t('nav.register')}
      </Button>
    </Group>
  );
}
