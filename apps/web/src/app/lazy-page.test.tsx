import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { createQueryClient } from './query-client';
import { lazyPage } from './lazy-page';
import { membersOnly, preloadPage } from './routes';

const inSuspense = (Page: ReturnType<typeof lazyPage>) => (
  <Suspense fallback={<p>loading</p>}>
    <Page />
  </Suspense>
);

describe('lazyPage', () => {
  it('renders at once, without the loading fallback, once its code was preloaded', async () => {
    const Page = lazyPage(async () => () => <h1>Ready</h1>);
    await Page.preload();
    render(inSuspense(Page));
    expect(screen.getByRole('heading', { name: 'Ready' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('suspends like React.lazy when rendered before its code is here', async () => {
    const Page = lazyPage(async () => () => <h1>Later</h1>);
    render(inSuspense(Page));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeInTheDocument();
  });

  it('loads again after a failed attempt (a dropped connection is not the end)', async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('network');
      return () => <h1>Second try</h1>;
    });
    await expect(Page.preload()).rejects.toThrow('network');
    await Page.preload();
    render(inSuspense(Page));
    expect(screen.getByRole('heading', { name: 'Second try' })).toBeInTheDocument();
  });
});

describe('preloadPage', () => {
  it("starts the page's own request before the first render, with the query options the page uses", async () => {
    const api = mockApi({
      'GET /api/services/single/abc': { body: { _id: 'abc', title: 'Zirconia crown' } },
      'GET /api/reviews': { body: [{ _id: 'r1' }] },
    });
    const queryClient = createQueryClient();
    await preloadPage('/services/abc', '', queryClient);
    await expect.poll(() => queryClient.getQueryData(['services', 'detail', 'abc'])).toMatchObject({ title: 'Zirconia crown' });
    // and the reviews shown under it (the server renders the page with both: decision 0018)
    await expect.poll(() => queryClient.getQueryData(['reviews', { serviceId: 'abc' }])).toEqual([{ id: 'r1' }]);
    expect(api.requests.map((r) => r.path)).toContain('/api/services/single/abc');
  });

  it('asks /gigs with the filters of the query string', async () => {
    const api = mockApi({ 'GET /api/gigs': { body: [], headers: { 'x-total-count': '0' } } });
    await preloadPage('/gigs', '?cat=Crown&sort=createdAt', createQueryClient());
    await expect.poll(() => api.requests.find((r) => r.path === '/api/gigs')?.url.search).toContain('cat=Crown');
    expect(api.requests.find((r) => r.path === '/api/gigs')!.url.searchParams.get('sort')).toBe('createdAt');
  });

  it('asks nothing for a page without a prefetch, and fetches nothing without a query client', async () => {
    const api = mockApi();
    await preloadPage('/about', '', createQueryClient());
    await preloadPage('/services/abc');
    expect(api.requests).toEqual([]);
  });
});

describe('membersOnly', () => {
  // The server never renders a members' page for a visitor (decision 0018): this is how it knows.
  it('is true inside RequireAuth and false for public pages', () => {
    expect(membersOnly('/services/abc')).toBe(true);
    expect(membersOnly('/messages')).toBe(true);
    expect(membersOnly('/courses/abc/learn')).toBe(true);
    expect(membersOnly('/gigs')).toBe(false);
    expect(membersOnly('/courses/abc')).toBe(false);
    expect(membersOnly('/')).toBe(false);
  });
});
