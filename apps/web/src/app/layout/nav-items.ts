import type { TranslationKey } from '@/lib/i18n';

export interface NavItem {
  to: string;
  label: TranslationKey;
}

/** The navbar's main links (docs/product.md §3.1). */
export const MAIN_LINKS: readonly NavItem[] = [
  { to: '/gigs', label: 'nav.services' },
  { to: '/designers', label: 'nav.designers' },
  { to: '/files', label: 'nav.files' },
  { to: '/messages', label: 'nav.chat' },
  { to: '/courses', label: 'nav.courses' },
];

/** The Support menu. */
export const SUPPORT_LINKS: readonly NavItem[] = [
  { to: '/support?tab=faq', label: 'nav.faq' },
  { to: '/support', label: 'nav.contactUs' },
];

/** The logged-in user's dropdown (Logout is an action, not a link). */
export const ACCOUNT_LINKS: readonly NavItem[] = [
  { to: '/profile', label: 'nav.profile' },
  { to: '/orders', label: 'nav.orders' },
  { to: '/payouts', label: 'nav.payouts' },
  { to: '/my-courses', label: 'nav.myCourses' },
  { to: '/messages', label: 'nav.messages' },
  { to: '/settings', label: 'nav.settings' },
];
