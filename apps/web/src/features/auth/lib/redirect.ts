import type { Location } from 'react-router';

export const REDIRECT_PARAM = 'redirect';

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Only same-site paths: "/orders" yes; "//evil.example", "https://..." or "/\\evil" no. */
function isSafePath(path: string | null | undefined): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** Where the guard sends a visitor: /login, remembering the page in the query (survives a reload). */
export function loginPathFor(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  return `/login?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`;
}

/** The page to land on after login: the guard's remembered page, else ?redirect=, else home. */
export function redirectTarget(location: Pick<Location, 'search' | 'state'>): string {
  const state = location.state as FromState | null | undefined;
  const from = state?.from ? `${state.from.pathname}${state.from.search}${state.from.hash}` : undefined;
  const query = new URLSearchParams(location.search).get(REDIRECT_PARAM);
  const target = [from, query].find(isSafePath);
  return target && !target.startsWith('/login') ? target : '/';
}

/** Why a visitor is asked to log in, from the page they were sent from (the login page says so). */
export type LoginReason = 'service' | 'orders' | 'payment' | 'messages' | 'course' | 'page';

export function loginReason(target: string): LoginReason | null {
  const path = target.split(/[?#]/)[0] ?? '/';
  if (path === '/' || path === '') return null;
  if (/^\/services\/[^/]+$/.test(path)) return 'service';
  if (/^\/orders(\/|$)/.test(path)) return 'orders';
  if (/^\/(pay|success)(\/|$)/.test(path)) return 'payment';
  if (/^\/messages?(\/|$)/.test(path)) return 'messages';
  if (/^\/courses\/[^/]+\/learn$/.test(path)) return 'course';
  return 'page';
}
