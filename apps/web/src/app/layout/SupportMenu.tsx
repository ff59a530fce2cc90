import { Suspense, useState, type KeyboardEvent } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { lazyComponent } from '../lazy-page';
import classes from './Navbar.module.css';

// A menu needs a positioning library (~14 KB of script): it loads when the reader first reaches for it.
const SupportMenuDropdown = lazyComponent(() => import('./SupportMenuDropdown').then((m) => m.SupportMenuDropdown));
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** The header's Support button; hovering, focusing or pressing it brings in the real menu, open. */
export function SupportMenu() {
  const { t } = useTranslation();
  const [reached, setReached] = useState<{ focus: boolean } | null>(null);
  const label = (
    <>
      {t('nav.support')}
      <IconChevronDown size={14} aria-hidden />
    </>
  );
  if (reached) {
    return (
      <Suspense fallback={<UnstyledButton className={classes.link}>{label}</UnstyledButton>}>
        <SupportMenuDropdown focusTarget={reached.focus} />
      </Suspense>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (!OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    setReached({ focus: true });
  };
  return (
    <UnstyledButton
      className={classes.link}
      aria-haspopup="menu"
      aria-expanded={false}
      // A mouse hovering opens it (as the loaded menu does); a finger's tap is a click, below.
      onPointerEnter={(event) => event.pointerType === 'mouse' && setReached({ focus: false })}
      onFocus={() => void SupportMenuDropdown.preload().catch(() => null)}
      onClick={() => setReached({ focus: true })}
      onKeyDown={onKeyDown}
    >
      {label}
    </UnstyledButton>
  );
}
