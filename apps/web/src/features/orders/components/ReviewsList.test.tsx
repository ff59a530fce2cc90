import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildServiceDetail, listReply } from '@/features/catalogue/test-data';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { BUYER, buildReview } from '../test-data';

describe('reviews', () => {
  it('the service detail lists its reviews, newest first as the server sends them', async () => {
    const api = mockApi(
      {
        'GET /api/services/single/svc-1': { body: buildServiceDetail() },
        'GET /api/reviews': listReply([
          buildReview({ star: 5, desc: 'Perfect fit, fast delivery.' }),
          buildReview({ star: 3, desc: 'Good, one revision needed.', buyer: { _id: 'b2', username: 'lab_west', image: null } }),
        ]),
      },
      { user: BUYER },
    );
    renderApp('/services/svc-1');
    const section = await screen.findByRole('region', { name: 'Reviews' });
    const items = await within(section).findAllByTestId('review');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Perfect fit, fast delivery.')).toBeInTheDocument();
    expect(within(items[1]!).getByText('lab_west')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
    expect(api.to('GET /api/reviews')[0]!.url.searchParams.get('serviceId')).toBe('svc-1');
  });

  it('says "No reviews yet" without any', async () => {
    mockApi({ 'GET /api/services/single/svc-1': { body: buildServiceDetail() }, 'GET /api/reviews': listReply([]) }, { user: BUYER });
    renderApp('/services/svc-1');
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(section).findByText('No reviews yet')).toBeInTheDocument();
  });

  it('the profile’s Reviews tab lists the designer’s reviews with the service of each', async () => {
    const api = mockApi({
      'GET /api/users/profile/designer-1': { body: buildProfile() },
      'GET /api/reviews': listReply([buildReview({ serviceId: 'svc-9', serviceTitle: 'Implant bar' })]),
    });
    const { user } = renderApp('/profile/designer-1');
    await user.click(await screen.findByRole('tab', { name: 'Reviews' }));
    const [item] = await screen.findAllByTestId('review');
    expect(within(item!).getByRole('link', { name: 'Implant bar' })).toHaveAttribute('href', '/services/svc-9');
    const query = api.to('GET /api/reviews')[0]!.url.searchParams;
    expect(query.get('userId')).toBe('designer-1');
    expect(query.get('serviceId')).toBeNull();
  });
});
