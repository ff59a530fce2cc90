import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServiceJson } from '@cusp/shared';
import { buildUser } from '@/test/factories';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function buildService(index: number): Partial<ServiceJson> {
  return {
    _id: `svc-${index}`,
    title: `Zirconia crown design ${index}`,
    cover: null,
    toothPrice: 45.5,
    unitOrArch: index % 2 ? 'arch' : 'unit',
    userID: { _id: 'd-1', username: 'dr.designer', image: null, isVerified: true },
    totalStars: 9,
    starNumber: 2,
  };
}

describe('HomePage', () => {
  it('shows a visitor the register call to action and the special offer', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Register as Designer' })).toHaveAttribute('href', '/register');
    // The hero's link, and the empty slider's once the (empty) services have loaded: both lead to the designers.
    const find = screen.getAllByRole('link', { name: 'Find Designers' });
    expect(find.length).toBeGreaterThan(0);
    for (const link of find) expect(link).toHaveAttribute('href', '/designers');
    expect(screen.getByText(/30-day free trial of our premium services/)).toBeInTheDocument();
  });

  it('searches the services from the hero: a GET form to /gigs, in the app once it runs', async () => {
    const api = mockApi({ 'GET /api/gigs': { body: [], headers: { 'X-Total-Count': '0' } } });
    const ui = renderApp('/');
    const form = await screen.findByRole('search', { name: 'Search dental design services' });
    expect(form).toHaveAttribute('action', '/gigs');
    expect(form).toHaveAttribute('method', 'get');
    await ui.user.type(within(form).getByRole('searchbox'), 'zirconia crowns{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/gigs?search=zirconia%20crowns'));
    await waitFor(() => expect(api.to('GET /api/gigs').at(-1)?.url.searchParams.get('search')).toBe('zirconia crowns'));
  });

  it('shows a logged-in user only Find Designers', async () => {
    mockApi({}, { user: buildUser() });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'dr.lina' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Find Designers' })).toHaveLength(2); // hero + empty slider
    expect(screen.queryByRole('link', { name: 'Register as Designer' })).not.toBeInTheDocument();
    expect(screen.queryByText(/30-day free trial/)).not.toBeInTheDocument();
  });

  it('has a two-slide promo carousel with arrows and dots', async () => {
    renderApp('/');
    const promo = await screen.findByRole('region', { name: 'Featured' });
    expect(within(promo).getByRole('heading', { name: 'Learn CAD/CAM Technology' })).toBeInTheDocument();
    expect(within(promo).getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', '/courses');
    expect(within(promo).getByRole('heading', { name: 'Master Dental Design' })).toBeInTheDocument();
    expect(within(promo).getByRole('link', { name: 'Explore Now' })).toHaveAttribute('href', '/designers');
    expect(within(promo).getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(within(promo).getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    const dots = within(promo).getAllByRole('button', { name: /^Go to slide/ });
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual(['Go to slide 1', 'Go to slide 2']);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    expect(promo).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(promo).getAllByRole('group', { name: /^Slide \d of 2$/ });
    expect(slides).toHaveLength(2);
    expect(slides[1]).toHaveAttribute('inert'); // out of view: not a tab stop
    expect(within(promo).getByRole('button', { name: 'Pause the slide show' })).toBeInTheDocument();
  });

  it('shows the reasons to choose Cusp and the three steps', async () => {
    renderApp('/');
    for (const title of ['Specialist expertise', 'Data security', 'Fast turnaround', 'Real collaboration', 'Transparent pricing', 'Vetted, rated designers']) {
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    }
    for (const step of ['Discover', 'Collaborate', 'Deliver']) {
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    }
  });

  it('shows "New services are coming soon" when there are no services yet', async () => {
    mockApi({ 'GET /api/services': { body: [], headers: { 'X-Total-Count': '0' } } });
    renderApp('/');
    expect(await screen.findByText('New services are coming soon')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists at most 10 latest services with their price and unit, linking to their page', async () => {
    const api = mockApi({ 'GET /api/services': { body: Array.from({ length: 12 }, (_, i) => buildService(i + 1)) } });
    renderApp('/');
    await screen.findAllByRole('link', { name: /Zirconia crown design/ });
    const slider = screen.getByRole('region', { name: 'Latest Services' }); // the carousel, named by its title
    expect(slider).toHaveAttribute('aria-roledescription', 'carousel');
    expect(within(slider).getByRole('button', { name: 'Previous slide' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(slider).getByRole('button', { name: 'Next slide' })).not.toHaveAttribute('aria-disabled');
    expect(within(slider).getAllByRole('group', { name: /Zirconia crown design/ })).toHaveLength(10);
    const cards = within(slider).getAllByRole('link', { name: /Zirconia crown design/ });
    expect(cards).toHaveLength(10);
    expect(cards[0]).toHaveAttribute('href', '/services/svc-1');
    expect(within(slider).getAllByText('$45.50')[0]).toBeInTheDocument();
    expect(within(slider).getAllByText('/ arch').length).toBeGreaterThan(0);
    // the card rounds the average (docs/product.md §5.7): 9 stars from 2 reviews is 5
    expect(within(slider).getAllByText('Rated 5 out of 5 (2 reviews)')[0]).toBeInTheDocument();
    const query = api.to('GET /api/services')[0]?.url.searchParams;
    expect(query?.get('limit')).toBe('10');
    expect(query?.get('sort')).toBe('createdAt'); // the newest
  });
});
