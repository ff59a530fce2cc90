/**
 * Every page path of the web app (docs/product.md §3.2), in react-router's syntax (`:name` is one segment). The
 * web app declares its routes with these (apps/web/src/app/routes.tsx, checked both ways by routes.test.tsx) and
 * the server answers a path that matches none of them with 404 and the same app page, which then shows its
 * not-found screen (docs/decisions/0049).
 */
export const PAGE_PATHS = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/login-link',
  '/support',
  '/newsletter/confirmed',
  '/settings/email-confirmed',
  '/about',
  '/privacy-policy',
  '/share/:token',
  '/gigs',
  '/gig/:id',
  '/designers',
  '/profile/:userId',
  '/courses',
  '/courses/:id',
  '/files',
  '/profile',
  '/designers/create',
  '/services/create',
  '/services/:id',
  '/services/:id/edit',
  '/admin',
  '/messages',
  '/message/:conversationID',
  '/orders',
  '/orders/:id',
  '/orders/:id/review',
  '/payouts',
  '/pay/:type/:id',
  '/success',
  '/courses/create',
  '/courses/:id/edit',
  '/courses/:id/learn',
  '/my-courses',
  '/thank-you',
  '/notifications',
  '/settings',
  '/not-found',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

/** The not-found page: a route of its own, yet answered 404 like any unknown path. */
export const NOT_FOUND_PAGE = '/not-found' satisfies PagePath;

const PATTERNS = PAGE_PATHS.filter((path) => path !== NOT_FOUND_PAGE).map((path) => path.split('/').filter(Boolean));

/**
 * Whether the web app has a page at `pathname` (no query): its segments match one path's, `:name` matching any
 * one segment, letters in any case and one trailing slash allowed, as react-router matches them.
 */
export function isPagePath(pathname: string): boolean {
  const segments = pathname.replace(/\/$/, '').split('/').filter((segment, i) => i > 0 || segment !== '');
  if (segments.some((segment) => segment === '')) return pathname === '/';
  return PATTERNS.some(
    (pattern) => pattern.length === segments.length && pattern.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]!.toLowerCase()),
  );
}
