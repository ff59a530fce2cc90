import { useLayoutEffect, useRef } from 'react';
import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { SUPPORT_LINKS } from './nav-items';
import classes from './Navbar.module.css';

/**
 * The Support menu itself, loaded when the reader first reaches for it (SupportMenu.tsx), open from
 * the start; it then opens on hover and on click or keyboard (Enter, Space, arrow keys).
 */
export function SupportMenuDropdown({ focusTarget }: { focusTarget: boolean }) {
  const { t } = useTranslation();
  const target = useRef<HTMLButtonElement>(null);
  // It replaces the button that was pressed: the focus stays where the reader put it.
  useLayoutEffect(() => {
    if (focusTarget) target.current?.focus();
  }, [focusTarget]);
  return (
    <Menu
      defaultOpened
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
        <UnstyledButton ref={target} className={classes.link}>
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
