import { useState } from 'react';
import { ActionIcon, Anchor, Box, Group, Popover, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4, IconHelp, IconX } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isHelpWidgetHidden } from '@cusp/shared';
import { SUPPORT_LINKS } from './nav-items';
import classes from './HelpWidget.module.css';

/**
 * A round help button fixed at the bottom end corner (left in Arabic) with links to the FAQ,
 * Contact Us and the live chat hours. Hidden where it would cover the page's own tools.
 */
export function HelpWidget() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  if (isHelpWidgetHidden(pathname)) return null;

  const close = () => setOpened(false);
  return (
    <Box component="aside" aria-label={t('help.open')} className={classes.widget}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position={i18n.dir() === 'rtl' ? 'top-start' : 'top-end'}
        shadow="lg"
        radius="md"
        width={280}
        offset={12}
      >
        <Popover.Target>
          <ActionIcon size={56} radius="xl" aria-label={t('help.open')} onClick={() => setOpened((value) => !value)} className={classes.button}>
            {opened ? <IconX size={26} aria-hidden /> : <IconHelp size={28} aria-hidden />}
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-label={t('help.title')}>
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
        </Popover.Dropdown>
      </Popover>
    </Box>
  );
}
