import { Box, Container, Group } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { SiteSearch } from '@/components/SiteSearch';
import { useTranslation } from '@/lib/i18n';
import { MessagesRealtime } from '@/features/messages/components/MessagesRealtime';
import { UnreadBadge } from '@/features/messages/components/UnreadBadge';
import { NotificationBellSlot } from '@/features/notifications';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileNav } from './MobileNav';
import { MAIN_LINKS } from './nav-items';
import { SessionControls } from './SessionControls';
import { SupportMenu } from './SupportMenu';
import classes from './Navbar.module.css';

/**
 * Marks the header `data-scrolled` (a shadow) once the page has scrolled. It sets the attribute itself
 * rather than through state: state set on mount would render the whole header a second time, in one
 * blocking task, right after the page is hydrated.
 */
function useScrolledMark() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const mark = () => ref.current?.toggleAttribute('data-scrolled', window.scrollY > 0);
    mark();
    window.addEventListener('scroll', mark, { passive: true });
    return () => window.removeEventListener('scroll', mark);
  }, []);
  return ref;
}

/** Brand, main links, Support menu, search (wide screens), language switch and the session area; a burger on small screens. */
export function Navbar() {
  const { t } = useTranslation();
  const header = useScrolledMark();

  return (
    <Box component="header" ref={header} className={classes.header}>
      <MessagesRealtime />
      <Container size="lg" className={classes.inner}>
        <Group gap="lg" wrap="nowrap">
          <Link to="/" className={classes.brand} aria-label={t('nav.brand')}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>{t('app.name')}</span>
          </Link>
          <Box component="nav" aria-label={t('nav.label')} visibleFrom="sm">
            <Group gap={4} wrap="nowrap">
              {MAIN_LINKS.map((item) => (
                <NavLink key={item.to} to={item.to} className={classes.link}>
                  {t(item.label)}
                  {item.to === '/messages' ? <UnreadBadge /> : null}
                </NavLink>
              ))}
              <SupportMenu />
            </Group>
          </Box>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Box visibleFrom="lg">
            <SiteSearch className={classes.search} />
          </Box>
          <NotificationBellSlot />
          <Group gap="sm" wrap="nowrap" visibleFrom="sm">
            <LanguageSwitch />
            <SessionControls />
          </Group>
          <MobileNav />
        </Group>
      </Container>
    </Box>
  );
}
