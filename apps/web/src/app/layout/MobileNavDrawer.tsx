import { Avatar, Box, Divider, Drawer, Group, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { SiteSearch } from '@/components/SiteSearch';
import { useTranslation } from '@/lib/i18n';
import { DEFAULT_AVATAR } from '@/lib/images';
import { useMe } from '@/features/auth';
import { UnreadBadge } from '@/features/messages/components/UnreadBadge';
import { LanguageSwitch } from './LanguageSwitch';
import { ACCOUNT_LINKS, MAIN_LINKS, SUPPORT_LINKS, type NavItem } from './nav-items';
import { useLogoutAction } from './use-logout-action';

interface MobileNavDrawerProps {
  opened: boolean;
  close: () => void;
}

/**
 * The drawer behind the burger: the language switch first (a reader who cannot read the page's language must
 * not have to scroll a long menu to find it), then the search, the same links and the session area.
 */
export function MobileNavDrawer({ opened, close }: MobileNavDrawerProps) {
  const { t, i18n } = useTranslation();
  const { user, isPending } = useMe();
  const location = useLocation();
  const logout = useLogoutAction();
  const here = `${location.pathname}${location.search}`;

  const link = (item: NavItem) => (
    <MantineNavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={t(item.label)}
      rightSection={item.to === '/messages' ? <UnreadBadge /> : undefined}
      active={here === item.to}
      aria-current={here === item.to ? 'page' : undefined}
      onClick={close}
    />
  );

  return (
    <Drawer.Root
      id="mobile-navigation"
      opened={opened}
      onClose={close}
      position={i18n.dir() === 'rtl' ? 'left' : 'right'}
      size="xs"
    >
      <Drawer.Overlay />
      <Drawer.Content>
        {/* a div, not Mantine's <header>: the page already has its banner landmark */}
        <Drawer.Header component="div">
          <Drawer.Title>{t('nav.menuTitle')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('nav.closeMenu')} />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="md">
            <LanguageSwitch onSwitch={close} fullWidth />
            <SiteSearch />
            <Box component="nav" aria-label={t('nav.label')}>
              {MAIN_LINKS.map(link)}
              <MantineNavLink label={t('nav.support')} defaultOpened childrenOffset="md">
                {SUPPORT_LINKS.map(link)}
              </MantineNavLink>
            </Box>
            <Divider />
            {isPending ? null : user ? (
              <Stack gap={4} aria-label={t('nav.account')} role="group">
                <Group gap="xs" px="sm" py={4}>
                  <Avatar src={user.image || DEFAULT_AVATAR} alt="" size={32} radius="xl" />
                  <Text fw={600}>{user.username}</Text>
                </Group>
                {ACCOUNT_LINKS.map(link)}
                {user.isAdmin ? link({ to: '/admin', label: 'catalogue.admin.menu' }) : null}
                <MantineNavLink
                  component="button"
                  label={t('nav.logout')}
                  leftSection={<IconLogout size={16} aria-hidden />}
                  onClick={() => {
                    close();
                    logout();
                  }}
                />
              </Stack>
            ) : (
              <Box>{[{ to: '/login', label: 'nav.login' } as const, { to: '/register', label: 'nav.register' } as const].map(link)}</Box>
            )}
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
