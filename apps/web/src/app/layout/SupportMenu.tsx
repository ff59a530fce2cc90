import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SUPPORT_LINKS } from './nav-items';
import classes from './Navbar.module.css';

/** Opens on hover and on click or keyboard (Enter, Space, arrow keys). */
export function SupportMenu() {
  const { t } = useTranslation();
  return (
    <Menu
      trigger="click-hover"
      openDelay={50}
      closeDelay={150}
      position="bottom-start"
      shadow="md"
      width={200}
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton className={classes.link}>
          {t('nav.support')}
          <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {SUPPORT_LINKS.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {t(item.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
