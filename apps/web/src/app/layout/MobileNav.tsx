import { lazy, Suspense, useState } from 'react';
import { Box, Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from '@/lib/i18n';

// The drawer (modal, focus trap, scroll lock) loads on first use, not with every page.
const loadDrawer = () => import('./MobileNavDrawer');
const MobileNavDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileNavDrawer })));

/** Small screens: a burger opening a drawer with the navbar's links. */
export function MobileNav() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [used, setUsed] = useState(false);

  return (
    <Box hiddenFrom="sm">
      <Burger
        opened={opened}
        onClick={() => {
          setUsed(true);
          toggle();
        }}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
        aria-expanded={opened}
        aria-controls="mobile-navigation"
        size="sm"
      />
      {used ? (
        <Suspense fallback={null}>
          <MobileNavDrawer opened={opened} close={close} />
        </Suspense>
      ) : null}
    </Box>
  );
}
