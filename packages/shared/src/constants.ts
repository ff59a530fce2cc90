/** Business constants and limits (docs/product.md §13), shared by client and server. */

export const MESSAGE_MAX_LENGTH = 499; // docs/product.md §9.2: 1..499 characters after trimming ("under 500")
export const CONVERSATION_PREVIEW_LENGTH = 50;
export const ORDER_TITLE_LENGTH = 30;
export const DESIGNER_CARD_MAX_TAGS = 5;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PROMO_CAROUSEL_INTERVAL_MS = 5000;
export const LATEST_SERVICES_MAX = 10;
export const WELCOME_TOAST_MS = 3000;
export const ORDER_SUCCESS_REDIRECT_MS = 5000;

export const FILE_EXPIRY_DAYS = 30;
export const FILE_MAX_BYTES = 200 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const SERVICE_TAGS = [
  'Crown',
  'Bridge',
  'Veneer',
  'Implant',
  'Orthodontics',
  'Dentures',
  'Whitening',
  'Cleaning',
  'Root Canal',
  'Extraction',
] as const;

export const SPECIALIZATIONS = ['Dental', 'Implant', 'Crown', 'Ortho', 'Pediatric'] as const;
export const EXPERIENCE_OPTIONS = ['0-1', '1-3', '3-5', '5-10', '10+'] as const;

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The language for a reader who has not chosen one: the first of their browser's languages, most preferred
 * first (`navigator.languages`, or `Accept-Language` in its q order), that the site speaks, by its primary
 * subtag ("ar-SA" is Arabic); undefined when none is. One rule for the server's first page and the client's
 * first render, so the two agree (docs/decisions/0060-phone-polish-and-browser-language.md).
 */
export function browserLanguage(preferred: readonly string[]): Language | undefined {
  for (const tag of preferred) {
    const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase();
    const found = LANGUAGES.find((language) => language === primary);
    if (found) return found;
  }
  return undefined;
}

/** Paths on which the floating help widget is hidden (docs/product.md §3.1). */
export const HELP_WIDGET_HIDDEN_PREFIXES = [
  '/login',
  '/register',
  '/services/create',
  '/services',
  '/courses/create',
  '/message',
  '/messages',
] as const;

export function isHelpWidgetHidden(pathname: string): boolean {
  return HELP_WIDGET_HIDDEN_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * A deleted account keeps its row for the orders, reviews and messages others need; its username becomes
 * this prefix and the id (docs/decisions/0032). Sign-up usernames cannot contain `~`, so no living user
 * looks deleted. Clients show "deleted user" in their language wherever such a name would be shown.
 */
export const DELETED_USERNAME_PREFIX = '~deleted-';
export const isDeletedUsername = (name: string | null | undefined): boolean => !!name && name.startsWith(DELETED_USERNAME_PREFIX);

/**
 * `sort` of the service list: Best Selling (the default), Newest, relevance (the default with a search; without one it
 * is the default order), price lowest and highest first, best rated first (average stars, then how many; docs/product.md §7.3).
 */
export const SERVICE_SORTS = ['sales', 'createdAt', 'relevance', 'price_asc', 'price_desc', 'rating'] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];
