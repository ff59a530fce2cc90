import { createElement, lazy, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { loadPageStrings } from '@/lib/i18n';

/** Where a page is opened: the route's parameters and the query string. */
export interface PageLocation {
  params: Params;
  search: URLSearchParams;
}

/** Starts the page's main request (the same query options the page uses, so it finds the answer waiting). */
export type PagePrefetch = (queryClient: QueryClient, location: PageLocation) => unknown;

/** A component loaded on demand whose code can be fetched ahead of its first render. */
export interface LazyComponent<P extends object = object> {
  (props: P): ReturnType<typeof createElement>;
  /** Fetches the code; resolves to the component. */
  preload(): Promise<ComponentType<P>>;
}

/** A page loaded on demand whose code, and optionally its data, can be fetched ahead of its first render. */
export interface LazyPage extends LazyComponent {
  prefetch?: PagePrefetch;
}

/**
 * `React.lazy` suspends on its first render even when the chunk is already here, which would swap
 * the prerendered home page (or any page) for the loading spinner for a frame. Once `preload()` has
 * resolved, the component renders straight away; before that it suspends like any lazy component.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // a failed chunk (network) may be fetched again on the next try
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const render = (props: P) => createElement(loaded ?? (Lazy as ComponentType<P>), props);
  return Object.assign(render, { preload });
}

/**
 * A page's code arrives with the texts it shows: every page but the home page (and the not-found page)
 * speaks from the `pages` catalogue, which the first load leaves out (lib/i18n.ts).
 */
export function lazyPage(load: () => Promise<ComponentType>, prefetch?: PagePrefetch, { strings = 'pages' }: { strings?: 'core' | 'pages' } = {}): LazyPage {
  const loadWithStrings = strings === 'core' ? load : () => Promise.all([load(), loadPageStrings()]).then(([component]) => component);
  return Object.assign(lazyComponent(loadWithStrings), { prefetch });
}

export function isLazyPage(value: unknown): value is LazyPage {
  return typeof value === 'function' && typeof (value as Partial<LazyPage>).preload === 'function';
}
