import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { errorReply, mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildProfile, listReply } from '../test-data';

const owner = buildUser({ id: 'designer-1', username: 'dr.designer', isDesigner: true, isSeller: true });

describe('ProfilePage', () => {
  it('shows a visitor the profile, its boxes and only "Contact Designer"', async () => {
    mockApi({ 'GET /api/users/profile/designer-1': { body: buildProfile() } });
    renderApp('/profile/designer-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'dr.designer' })).toBeInTheDocument();
    expect(screen.getByText('Verified designer')).toBeInTheDocument();
    expect(screen.getByText('3–5 years')).toBeInTheDocument();
    expect(screen.getByText('$45.00 – $45.00')).toBeInTheDocument();
    // Contact opens the conversation (features/messages); a visitor is asked to log in first.
    expect(screen.getByRole('button', { name: 'Contact Designer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create New Service' })).not.toBeInTheDocument();
  });

  it('gives the owner Create New Service and Edit Profile, and saves edits in place', async () => {
    const api = mockApi(
      {
        'GET /api/users/profile/designer-1': { body: buildProfile() },
        'PATCH /api/users/profile/designer-1': (request) => ({
          body: buildProfile({ description: (request.body as { description: string }).description }),
        }),
      },
      { user: owner },
    );
    const ui = renderApp('/profile');
    expect(await screen.findByRole('link', { name: 'Create New Service' })).toHaveAttribute('href', '/services/create');
    expect(screen.queryByRole('button', { name: 'Contact Designer' })).not.toBeInTheDocument();

    await ui.user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('button', { name: 'Change the cover picture' })).toBeInTheDocument();
    const description = screen.getByLabelText('Description');
    await ui.user.clear(description);
    await ui.user.type(description, 'Implant bars and crowns.');
    await ui.user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Implant bars and crowns.')).toBeInTheDocument(); // back in view mode
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(api.to('PATCH /api/users/profile/designer-1')[0]?.body).toMatchObject({
      description: 'Implant bars and crowns.',
      role: ['Crown', 'Implant'],
      experience: '3-5',
    });
  });

  it('discards edits on Cancel', async () => {
    mockApi({ 'GET /api/users/profile/designer-1': { body: buildProfile() } }, { user: owner });
    const ui = renderApp('/profile/designer-1');
    await ui.user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await ui.user.type(screen.getByLabelText('Description'), ' More text.');
    await ui.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Crowns and bridges since 2015.')).toBeInTheDocument();
    expect(screen.queryByText(/More text/)).not.toBeInTheDocument();
  });

  it('lists the designer’s services in the Services tab', async () => {
    const api = mockApi({
      'GET /api/users/profile/designer-1': { body: buildProfile() },
      'GET /api/services': listReply([]),
    });
    const ui = renderApp('/profile/designer-1');
    await ui.user.click(await screen.findByRole('tab', { name: 'Services' }));
    expect(await screen.findByText('No services yet.')).toBeInTheDocument();
    expect(api.to('GET /api/services')[0]?.url.searchParams.get('userId')).toBe('designer-1');
  });

  it('says "User data not found." for an unknown user', async () => {
    mockApi({ 'GET /api/users/profile/nobody': errorReply(404, 'User data not found.', 'USER_NOT_FOUND') });
    renderApp('/profile/nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent('User data not found.');
  });

  it('sends a visitor opening /profile to /login', async () => {
    renderApp('/profile');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?redirect=%2Fprofile$/));
  });
});
