import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServiceJson } from '@cusp/shared';
import { buildUser } from '@/test/factories';
import { errorReply, mockApi, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { buildService, listReply } from '../test-data';
import { DeleteServiceButton } from './DeleteServiceButton';
import { ServiceGrid } from './ServiceGrid';

const owner = buildUser({ id: 'designer-1', isDesigner: true, isSeller: true });

/** The owner's cards (as on their profile) beside the service page's Delete button. */
function setup(deleteReply?: MockReply) {
  let services: ServiceJson[] = [buildService({ _id: 'svc-1', title: 'Zirconia crown design' }), buildService({ _id: 'svc-2', title: 'Maryland bridge' })];
  const api = mockApi(
    {
      'GET /api/services': () => listReply(services),
      'DELETE /api/services/svc-1': () => {
        if (deleteReply) return deleteReply;
        services = services.filter((s) => s._id !== 'svc-1');
        return { status: 204 };
      },
    },
    { user: owner },
  );
  const ui = renderWithProviders(
    <>
      <ServiceGrid path="/services" filters={{ userId: 'designer-1' }} />
      <DeleteServiceButton id="svc-1" title="Zirconia crown design" />
    </>,
    { route: '/services/svc-1' },
  );
  return { api, ui };
}

describe('DeleteServiceButton', () => {
  it('asks first; Cancel keeps the service and sends nothing', async () => {
    const { api, ui } = setup();
    expect(await screen.findByRole('link', { name: 'Zirconia crown design' })).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this service?' });
    expect(within(dialog).getByText('“Zirconia crown design” will be removed from Cusp. This cannot be undone.')).toBeInTheDocument();

    await ui.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('DELETE /api/services/svc-1')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Zirconia crown design' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/services/svc-1');
  });

  it('deletes on confirmation: the card disappears and the owner goes to their profile', async () => {
    const { api, ui } = setup();
    await screen.findByRole('link', { name: 'Zirconia crown design' });
    await ui.user.click(screen.getByRole('button', { name: 'Delete' }));
    await ui.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete service' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Zirconia crown design' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Maryland bridge' })).toBeInTheDocument();
    expect(api.to('DELETE /api/services/svc-1')).toHaveLength(1);
    expect(await screen.findByText('Service deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why when the server refuses, and keeps the service', async () => {
    const { api, ui } = setup(errorReply(403, 'You are not authorized to change this service.', 'SERVICE_NOT_YOURS'));
    await screen.findByRole('link', { name: 'Zirconia crown design' });
    await ui.user.click(screen.getByRole('button', { name: 'Delete' }));
    await ui.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete service' }));

    expect(await screen.findByText('You are not authorized to change this service.')).toBeInTheDocument();
    expect(api.to('DELETE /api/services/svc-1')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Zirconia crown design' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/services/svc-1');
  });

  it('falls back to a plain sentence when the failure has no message', async () => {
    const { ui } = setup(errorReply(500, '', 'INTERNAL'));
    await screen.findByRole('link', { name: 'Zirconia crown design' });
    await ui.user.click(screen.getByRole('button', { name: 'Delete' }));
    await ui.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete service' }));
    expect(await screen.findByText('The service could not be deleted. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zirconia crown design' })).toBeInTheDocument();
  });
});
