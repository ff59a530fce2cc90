import { Box, Container, Group } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { Link, NavLink } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { MessagesRealtime } from '@/features/messages/components/MessagesRealtime';
import { UnreadBadge } from '@/features/messages/components/UnreadBadge';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileNav } from './MobileNav';
import { MAIN_LINKS } from './nav-items';
import { SessionControls } from './SessionControls';
import { SupportMenu } from './SupportMenu';
import classes from './Navbar.module.css';

/** Brand, main links, Support menu, language switch and the session area; a burger on small screens. */
export function Navbar() {
  const { t } = useTranslation();
  const [scroll] = useWindowScroll();

  return (
    <Box component="header" className={classes.header} mod={{ scrolled: scroll.y > 0 }}>
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
