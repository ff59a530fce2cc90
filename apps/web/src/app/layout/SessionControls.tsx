import { Suspense } from 'react';
import { Box, Button, Group, Loader, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { useMe } from '@/features/auth';
import { lazyComponent } from '../lazy-page';

// Only a logged-in reader has it, and its menu brings a positioning library: its own chunk.
const UserMenu = lazyComponent(() => import('./UserMenu').then((m) => m.UserMenu));

/** For a page that starts with the session known (server-rendered): the menu shows at once, no loader. */
export const preloadUserMenu = () => UserMenu.preload();

/** A loader while /me runs, then the user's menu or the Login and Register links. */
export function SessionControls() {
  const { t } = useTranslation();
  const { user, isPending } = useMe();

  const checking = (
    <Box role="status" display="flex">
      <Loader size="sm" />
      <VisuallyHidden>{t('nav.checkingSession')}</VisuallyHidden>
    </Box>
  );
  if (isPending) return checking;
  if (user) {
    return (
      <Suspense fallback={checking}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
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
