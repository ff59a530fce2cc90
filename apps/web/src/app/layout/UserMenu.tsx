import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { DEFAULT_AVATAR } from '@/lib/images';
import { ACCOUNT_LINKS } from './nav-items';
import { useLogoutAction } from './use-logout-action';
import classes from './Navbar.module.css';
import type { CurrentUser } from '@/lib/domain';

/** Avatar and username opening Profile, Orders, Courses, Messages, Settings and Logout. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const logout = useLogoutAction();
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton className={classes.link}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.image || DEFAULT_AVATAR} alt="" size={32} radius="xl" />
            <Text size="sm" fw={600} maw={{ base: 160, lg: 120, xl: 160 }} truncate>
              {user.username}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {ACCOUNT_LINKS.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {t(item.label)}
          </Menu.Item>
        ))}
        {user.isAdmin ? (
          <Menu.Item component={Link} to="/admin">
            {t('catalogue.admin.menu')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={logout}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
