import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRequest } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildService, listReply } from '../test-data';

const location = () => screen.getByTestId('location');
const lastQuery = (requests: MockRequest[]) => requests.at(-1)!.url.searchParams;

describe('GigsPage', () => {
  it('shows the category of the cat query as title and breadcrumb, and sends the filters from the URL', async () => {
    const api = mockApi({ 'GET /api/gigs': listReply([buildService()]) });
    renderApp('/gigs?cat=Implant&min=10&search=zirconia');
    expect(await screen.findByRole('heading', { level: 1, name: 'Implant' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/gigs');
    const query = lastQuery(api.to('GET /api/gigs'));
    expect(Object.fromEntries(query)).toMatchObject({ cat: 'Implant', min: '10', search: 'zirconia' });
    expect(query.get('sort')).toBeNull(); // a search is by relevance, the server's default then (docs/product.md §7.3)
    expect(screen.getByRole('button', { name: 'Sort by: Relevance' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Zirconia crown design' })).toHaveAttribute('href', '/services/svc-1');
  });

  it('titles the page with the chosen category, else "All services" (not the first item’s)', async () => {
    mockApi({ 'GET /api/gigs': listReply([buildService({ category: 'Veneer' })]) });
    renderApp('/gigs');
    expect(await screen.findByRole('link', { name: 'Zirconia crown design' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'All services' })).toBeInTheDocument();
  });

  it('puts the budget and the sort into the URL and reloads the list', async () => {
    const api = mockApi({ 'GET /api/gigs': listReply([buildService()]) });
    const ui = renderApp('/gigs');
    // jsdom is a narrow screen: the filters are folded behind a button
    await ui.user.click(await screen.findByRole('button', { name: 'Filters' }));
    await ui.user.type(await screen.findByLabelText('Min price ($)'), '20');
    await ui.user.type(screen.getByLabelText('Max price ($)'), '80');
    await ui.user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(location()).toHaveTextContent('/gigs?min=20&max=80'));
    await waitFor(() => expect(Object.fromEntries(lastQuery(api.to('GET /api/gigs')))).toMatchObject({ min: '20', max: '80' }));

    await ui.user.click(screen.getByRole('button', { name: 'Sort by: Best Selling' }));
    await ui.user.click(await screen.findByRole('menuitem', { name: 'Newest' }));
    await waitFor(() => expect(location()).toHaveTextContent('/gigs?min=20&max=80&sort=createdAt'));
    expect(screen.queryByRole('menuitem', { name: 'Newest' })).not.toBeInTheDocument(); // the menu closed
    expect(screen.getByRole('button', { name: 'Sort by: Newest' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(api.to('GET /api/gigs')).get('sort')).toBe('createdAt'));
  });

  it('searches through the URL', async () => {
    const api = mockApi({ 'GET /api/gigs': listReply([]) });
    const ui = renderApp('/gigs');
    await ui.user.type(await screen.findByLabelText('Search services'), 'bridge{Enter}');
    await waitFor(() => expect(location()).toHaveTextContent('/gigs?search=bridge'));
    await waitFor(() => expect(lastQuery(api.to('GET /api/gigs')).get('search')).toBe('bridge'));
    expect(await screen.findByText('No services available matching your criteria.')).toBeInTheDocument();
  });

  it('sorts by price both ways and by rating', async () => {
    const api = mockApi({ 'GET /api/gigs': listReply([buildService()]) });
    const ui = renderApp('/gigs');
    for (const [name, sort] of [['Price: low to high', 'price_asc'], ['Price: high to low', 'price_desc'], ['Best rated', 'rating']] as const) {
      await ui.user.click(await screen.findByRole('button', { name: /^Sort by:/ }));
      await ui.user.click(await screen.findByRole('menuitem', { name }));
      await waitFor(() => expect(location()).toHaveTextContent(`/gigs?sort=${sort}`));
      await waitFor(() => expect(lastQuery(api.to('GET /api/gigs')).get('sort')).toBe(sort));
      expect(screen.getByRole('button', { name: `Sort by: ${name}` })).toBeInTheDocument();
    }
    expect(screen.queryByRole('menuitem', { name: 'Relevance' })).not.toBeInTheDocument(); // only while searching
  });

  it('offers the X-Did-You-Mean spelling of a search that found nothing, keeping the other filters', async () => {
    mockApi({
      'GET /api/gigs': (request) =>
        request.url.searchParams.get('search') === 'zirkonya'
          ? { body: [], headers: { 'X-Total-Count': '0', 'X-Did-You-Mean': encodeURIComponent('زركونيا') } }
          : listReply([buildService()]),
    });
    const ui = renderApp('/gigs?search=zirkonya&cat=Crown');
    const link = await screen.findByRole('link', { name: 'زركونيا' });
    expect(link.closest('p')).toHaveTextContent('Did you mean زركونيا');
    await ui.user.click(link);
    await waitFor(() => expect(location()).toHaveTextContent(`/gigs?search=${encodeURIComponent('زركونيا')}&cat=Crown`));
    expect(await screen.findByRole('link', { name: 'Zirconia crown design' })).toBeInTheDocument();
  });

  it('loads more while X-Total-Count says there are more', async () => {
    const api = mockApi({
      'GET /api/gigs': (request) => {
        const offset = Number(request.url.searchParams.get('offset'));
        return listReply([buildService({ _id: `svc-${offset}`, title: `Service ${offset}` })], 2);
      },
    });
    const ui = renderApp('/gigs');
    await ui.user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Service 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Service 0' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.to('GET /api/gigs').map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '1']);
  });

  it('says "Something went wrong!" when the list fails', async () => {
    mockApi({ 'GET /api/gigs': { status: 500 } });
    renderApp('/gigs');
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
  });
});
