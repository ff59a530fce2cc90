import type { MouseEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import classes from './SkipLink.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element: jumps keyboard users past the navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault(); // focus without changing the URL's hash
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skip} onClick={skip}>
      {t('app.skipToContent')}
    </a>
  );
}
