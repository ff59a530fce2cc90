import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { ActionIcon, Anchor, Box, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconClockHour4, IconHelp, IconX } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { isHelpWidgetHidden } from '@cusp/shared';
import { SUPPORT_LINKS } from './nav-items';
import classes from './HelpWidget.module.css';

/**
 * Marks the widget `data-away` while the reader scrolls down the page, and clears it when they scroll back up or
 * reach the end (where the footer keeps room for it). On a phone the button then slides out of the way of what they
 * are reading (HelpWidget.module.css); wider screens ignore the mark. Set on the element, not through state: a
 * scroll must not render the widget again.
 */
function useAwayWhileScrollingDown(ref: RefObject<HTMLElement | null>, opened: boolean, shown: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!el || !shown) return;
    if (opened) {
      el.removeAttribute('data-away');
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const atEnd = window.innerHeight + y >= document.documentElement.scrollHeight - 2;
      // Small moves (a finger resting, the address bar folding) change nothing.
      if (Math.abs(y - last) < 8 && !atEnd) return;
      el.toggleAttribute('data-away', y > last && !atEnd);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [ref, opened, shown]);
}

/**
 * A round help button fixed at the bottom end corner (left in Arabic) with links to the FAQ,
 * Contact Us and the live chat hours. Hidden where it would cover the page's own tools.
 * The panel sits above the fixed button by CSS alone: a positioning library (Mantine's Popover)
 * would put ~14 KB of script on every page for it.
 */
export function HelpWidget() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const widget = useClickOutside<HTMLElement>(() => setOpened(false));
  const hidden = isHelpWidgetHidden(pathname);
  useAwayWhileScrollingDown(widget, opened, !hidden);

  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpened(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened]);

  if (hidden) return null;
  const close = () => setOpened(false);
  return (
    <Box component="aside" aria-label={t('help.open')} className={classes.widget} ref={widget}>
      {opened ? (
        <Paper id={panelId} role="dialog" aria-label={t('help.title')} shadow="lg" radius="md" p="md" withBorder className={classes.panel}>
          <Stack gap="sm">
            <Text fw={700}>{t('help.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('help.text')}
            </Text>
            <Stack component="ul" gap={6} className={classes.list}>
              {SUPPORT_LINKS.map((item) => (
                <li key={item.to}>
                  <Anchor component={Link} to={item.to} onClick={close} fw={600}>
                    {t(item.label)}
                  </Anchor>
                </li>
              ))}
            </Stack>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size="md" radius="xl" aria-hidden>
                <IconClockHour4 size={16} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {t('help.chat')}
                </Text>
                <Text size="sm">{t('support.hours')}</Text>
              </Stack>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      <ActionIcon
        ref={button}
        size={56}
        radius="xl"
        aria-label={t('help.open')}
        aria-expanded={opened}
        aria-controls={opened ? panelId : undefined}
        onClick={() => setOpened((value) => !value)}
        className={classes.button}
      >
        {opened ? <IconX size={26} aria-hidden /> : <IconHelp size={28} aria-hidden />}
      </ActionIcon>
    </Box>
  );
}
