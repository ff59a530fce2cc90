import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { BUYER, buildConversation } from '../test-utils';
import { ContactButton } from './ContactButton';

vi.mock('@/lib/socket', async () => (await import('../test-utils')).socketModuleMock);

function renderButton() {
  return renderWithProviders(<ContactButton userId="designer-1" label="Contact Seller" />, { route: '/services/s1', path: '/services/:id' });
}

describe('ContactButton', () => {
  it('creates the conversation (201), says so and opens it', async () => {
    const api = mockApi({ 'POST /api/conversations': { status: 201, body: buildConversation({ _id: 'new-1' }) } }, { user: BUYER });
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Contact Seller' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/message/new-1'));
    expect(await screen.findByText('Conversation started successfully!')).toBeInTheDocument();
    expect(api.to('POST /api/conversations')[0]!.body).toEqual({ to: 'designer-1' });
  });

  it('opens an existing conversation (200) without the toast', async () => {
    mockApi({ 'POST /api/conversations': { status: 200, body: buildConversation({ _id: 'old-1' }) } }, { user: BUYER });
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Contact Seller' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/message/old-1'));
    expect(screen.queryByText('Conversation started successfully!')).not.toBeInTheDocument();
  });

  it('says "Failed to start conversation" on failure, or the server\'s known sentence', async () => {
    mockApi({ 'POST /api/conversations': errorReply(500, '', 'INTERNAL') }, { user: BUYER });
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Contact Seller' }));
    expect(await screen.findByText('Failed to start conversation')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/services/s1');
  });

  it('sends a visitor to /login and back', async () => {
    const api = mockApi();
    const { user } = renderButton();
    await waitFor(() => expect(api.to('GET /api/auth/me')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Contact Seller' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fservices%2Fs1');
    expect(api.to('POST /api/conversations')).toHaveLength(0);
  });
});
