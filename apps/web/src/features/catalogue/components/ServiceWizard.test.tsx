import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildService } from '../test-data';

const designer = buildUser({ isDesigner: true, isSeller: true });

describe('create-service wizard', () => {
  it('stays on step 1 with "Please select at least one tag." until a tag is chosen', async () => {
    mockApi({}, { user: designer });
    const ui = renderApp('/services/create');
    await ui.user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please select at least one tag.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument();

    await ui.user.click(screen.getByRole('checkbox', { name: 'Crown' }));
    await ui.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText(/^Title/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Price per unit\/arch/)).toHaveValue('1'); // the wizard's default price (docs/product.md §7.1)
  });

  it('goes Back to step 1 keeping the chosen tags', async () => {
    mockApi({}, { user: designer });
    const ui = renderApp('/services/create');
    await ui.user.click(await screen.findByRole('checkbox', { name: 'Bridge' }));
    await ui.user.click(screen.getByRole('button', { name: 'Next' }));
    await ui.user.type(await screen.findByLabelText(/^Title/), 'Three-unit bridge');
    await ui.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('checkbox', { name: 'Bridge' })).toBeChecked();
    await ui.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Three-unit bridge');
  });

  it('creates the service, then resets to step 1 with a link to it', async () => {
    const api = mockApi({ 'POST /api/services': { status: 201, body: buildService({ _id: 'svc-new' }) } }, { user: designer });
    const ui = renderApp('/services/create');
    await ui.user.click(await screen.findByRole('checkbox', { name: 'Crown' }));
    await ui.user.click(screen.getByRole('button', { name: 'Next' }));
    await ui.user.type(await screen.findByLabelText(/^Title/), 'Zirconia crown');
    await ui.user.type(screen.getByLabelText(/^Description/), 'Full-contour crown design.');
    await ui.user.click(screen.getByRole('button', { name: 'Create Service' }));

    expect(await screen.findByRole('link', { name: 'View your new service' })).toHaveAttribute('href', '/services/svc-new');
    expect(screen.getAllByText('Service created successfully!').length).toBeGreaterThan(0);
    expect(screen.getByRole('checkbox', { name: 'Crown' })).not.toBeChecked(); // back on step 1, emptied
    expect(api.to('POST /api/services')[0]?.body).toMatchObject({
      tags: ['Crown'],
      title: 'Zirconia crown',
      toothPrice: 1,
      unitOrArch: 'unit',
      deliveryTime: 1,
      revisions: 1,
      images: [],
    });
  });

  it('shows the server message when creating fails', async () => {
    mockApi({ 'POST /api/services': { status: 500 } }, { user: designer });
    const ui = renderApp('/services/create');
    await ui.user.click(await screen.findByRole('checkbox', { name: 'Crown' }));
    await ui.user.click(screen.getByRole('button', { name: 'Next' }));
    await ui.user.type(await screen.findByLabelText(/^Title/), 'Zirconia crown');
    await ui.user.type(screen.getByLabelText(/^Description/), 'Full-contour crown design.');
    await ui.user.click(screen.getByRole('button', { name: 'Create Service' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error creating service. Please try again.');
  });

  it('sends a user who is not a designer to /designers/create with a notice (D26)', async () => {
    mockApi({}, { user: buildUser() });
    renderApp('/services/create');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/designers/create'));
    expect(await screen.findByText('Only designers can create services. Complete your designer profile first.')).toBeInTheDocument();
  });
});
