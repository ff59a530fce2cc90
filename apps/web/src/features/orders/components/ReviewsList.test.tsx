import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildServiceDetail, listReply } from '@/features/catalogue/test-data';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { BUYER, DESIGNER, buildReview } from '../test-data';

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

  it('shows the designer’s reply under a review; the designer replies once, nobody else is offered it', async () => {
    const replied = buildReview({ _id: 'r1', desc: 'Great.', reply: { text: 'Thank you!', createdAt: '2026-03-06T10:00:00.000Z' } });
    const open = buildReview({ _id: 'r2', desc: 'Slow.' });
    const api = mockApi(
      {
        'GET /api/services/single/svc-1': { body: buildServiceDetail() },
        'GET /api/reviews': listReply([replied, open]),
        'POST /api/reviews/r2/reply': { body: { ...open, reply: { text: 'Sorry, fixed now.', createdAt: '2026-03-07T10:00:00.000Z' } } },
      },
      { user: DESIGNER },
    );
    const { user } = renderApp('/services/svc-1');
    const section = await screen.findByRole('region', { name: 'Reviews' });
    const [first, second] = await within(section).findAllByTestId('review');
    expect(within(first!).getByTestId('review-reply')).toHaveTextContent('Thank you!');
    expect(within(first!).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    await user.click(within(second!).getByRole('button', { name: 'Reply' }));
    await user.click(within(second!).getByRole('button', { name: 'Post the reply' }));
    expect(await within(second!).findByText('Please write a reply of 1 to 2000 characters.')).toBeInTheDocument();
    await user.type(within(second!).getByLabelText('Your reply to demo_buyer'), 'Sorry, fixed now.');
    await user.click(within(second!).getByRole('button', { name: 'Post the reply' }));
    await waitFor(() => expect(api.to('POST /api/reviews/r2/reply').map((r) => r.body)).toEqual([{ text: 'Sorry, fixed now.' }]));
  });

  it('a buyer is not offered a reply', async () => {
    mockApi({ 'GET /api/services/single/svc-1': { body: buildServiceDetail() }, 'GET /api/reviews': listReply([buildReview()]) }, { user: BUYER });
    renderApp('/services/svc-1');
    const [item] = await screen.findAllByTestId('review');
    expect(within(item!).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });
});
