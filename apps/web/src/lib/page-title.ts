import { useEffect } from 'react';
import { useTranslation } from './i18n';

/** Sets the document title to "{page} · Cusp" (or the given full title when `page` is omitted). */
export function usePageTitle(page: string | undefined, fullTitle?: string): void {
  const { t } = useTranslation();
  const title = page ? t('app.documentTitle', { page }) : (fullTitle ?? t('app.name'));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
