/** Built-in pictures (apps/web/public) for a missing avatar or service cover (docs/product.md §7.6). */
export const DEFAULT_AVATAR = '/default-avatar.svg';
export const DEFAULT_COVER = '/default-cover.svg';
