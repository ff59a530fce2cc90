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
