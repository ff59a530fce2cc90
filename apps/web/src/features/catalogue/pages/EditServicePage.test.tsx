import { act, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@/lib/i18n';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { errorReply, mockApi, type MockRoutes } from '@/test/fetch-mock';
import { renderApp, renderWithProviders } from '@/test/render';
import { buildService, buildServiceDetail } from '../test-data';
import { EditServicePage } from './EditServicePage';

const owner = buildUser({ id: 'designer-1', username: 'dr.designer', isDesigner: true, isSeller: true });
const detail = { 'GET /api/services/single/svc-1': { body: buildServiceDetail() } };

/** The page alone at its route (what it navigates to is not rendered, only recorded). */
const renderPage = () => renderWithProviders(<EditServicePage />, { route: '/services/svc-1/edit', path: '/services/:id/edit' });

/** Opens the edit page as `user` and goes to step 2, where the details are. */
async function openDetails(routes: MockRoutes = {}, user = owner) {
  const api = mockApi({ ...detail, ...routes }, { user });
  const ui = renderPage();
  expect(await screen.findByRole('checkbox', { name: 'Crown' })).toBeChecked(); // the service's tag, prefilled
  await ui.user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText(/^Title/);
  return { api, ui };
}

describe('EditServicePage', () => {
  it('prefills the wizard with the service', async () => {
    await openDetails();
    expect(screen.getByRole('heading', { name: 'Edit service' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Zirconia crown design');
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Anatomic full-contour crowns.');
    expect(screen.getByLabelText(/^Price per unit\/arch/)).toHaveValue('45');
    expect(screen.getByLabelText(/^Delivery time/)).toHaveValue('2');
  });

  it('saves the changes with PATCH, then shows the service', async () => {
    const { api, ui } = await openDetails({
      'PATCH /api/services/svc-1': (request) => ({ body: buildService({ ...(request.body as object), _id: 'svc-1' }) }),
    });
    const title = screen.getByLabelText(/^Title/);
    await ui.user.clear(title);
    await ui.user.type(title, 'Monolithic zirconia crown');
    const price = screen.getByLabelText(/^Price per unit\/arch/);
    await ui.user.clear(price);
    await ui.user.type(price, '52.5');
    await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/services\/svc-1$/));
    expect((await screen.findAllByText('Service updated successfully!')).length).toBeGreaterThan(0);
    expect(api.to('PATCH /api/services/svc-1')).toHaveLength(1);
    expect(api.to('PATCH /api/services/svc-1')[0]?.body).toEqual({
      tags: ['Crown'],
      title: 'Monolithic zirconia crown',
      description: 'Anatomic full-contour crowns.',
      toothPrice: 52.5,
      unitOrArch: 'unit',
      crownPrice: null,
      deliveryTime: 2,
      revisions: 1,
      cover: null,
      images: [],
      // what it designs, as the service says
      restorations: ['crown'],
      materials: ['zirconia_monolithic'],
      software: ['exocad'],
      outputFormats: ['stl'],
      // no turnaround tiers and no extra revisions, as the service says
      turnaround: { rush: null, standby: null },
      extraRevisionPrice: null,
    });
  });

  it('offers rush and standby tiers and an extra revision price; a rush no faster than standard is refused, in the reader’s language', async () => {
    const { api, ui } = await openDetails({
      'PATCH /api/services/svc-1': (request) => ({ body: buildService({ ...(request.body as object), _id: 'svc-1' }) }),
    });
    // Ticking a tier starts it a day faster (rush) or a week slower (standby) than the 2-day standard.
    await ui.user.click(screen.getByRole('checkbox', { name: /^Offer a rush delivery/ }));
    await ui.user.click(screen.getByRole('checkbox', { name: /^Offer a standby delivery/ }));
    const rushDays = screen.getByLabelText(/^Rush delivery time/);
    const standbyDays = screen.getByLabelText(/^Standby delivery time/);
    expect(rushDays).toHaveValue('1');
    expect(standbyDays).toHaveValue('9');
    expect(screen.getByLabelText(/^Surcharge/)).toHaveValue('30%');
    expect(screen.getByLabelText(/^Discount/)).toHaveValue('10%');

    // A rush as slow as the standard delivery is refused before anything is sent.
    await ui.user.clear(rushDays);
    await ui.user.type(rushDays, '2');
    await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Rush delivery must take fewer days than the standard delivery time.')).toBeInTheDocument();
    expect(api.to('PATCH /api/services/svc-1')).toHaveLength(0);
    await act(() => setLanguage('ar', { persist: false }));
    expect(await screen.findByText('يجب أن يستغرق التسليم المستعجل أيامًا أقل من مدة التسليم العادية.')).toBeInTheDocument();
    await act(() => setLanguage('en', { persist: false }));

    await ui.user.clear(rushDays);
    await ui.user.type(rushDays, '1');
    await ui.user.type(screen.getByLabelText(/^Price of an extra revision/), '12.5');
    await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.to('PATCH /api/services/svc-1')).toHaveLength(1));
    expect(api.to('PATCH /api/services/svc-1')[0]?.body).toMatchObject({
      turnaround: { rush: { days: 1, surchargePercent: 30 }, standby: { days: 9, discountPercent: 10 } },
      extraRevisionPrice: 12.5,
    });
  });

  it('shows the validation messages and sends nothing while a field is wrong', async () => {
    const { api, ui } = await openDetails();
    await ui.user.clear(screen.getByLabelText(/^Title/));
    await ui.user.clear(screen.getByLabelText(/^Description/));
    await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please fill in the title field.')).toBeInTheDocument();
    expect(screen.getByText('Please fill in the description field.')).toBeInTheDocument();
    expect(api.to('PATCH /api/services/svc-1')).toHaveLength(0);

    // A tag is required too: removing the only one keeps the wizard on step 1.
    await ui.user.click(screen.getByRole('button', { name: 'Back' }));
    await ui.user.click(screen.getByRole('checkbox', { name: 'Crown' }));
    await ui.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please select at least one tag.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument();
  });

  it('shows the error text when saving fails, and the server’s reason when it gives one', async () => {
    let reply = errorReply(500, '', 'INTERNAL');
    const { ui } = await openDetails({ 'PATCH /api/services/svc-1': () => reply });
    await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error saving the service. Please try again.');
    expect(screen.getByTestId('location')).toHaveTextContent('/services/svc-1/edit');

    reply = errorReply(403, 'You are not authorized to change this service.', 'SERVICE_NOT_YOURS');
    await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('You are not authorized to change this service.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/services/svc-1/edit');
  });

  it('refuses someone who does not own the service: a message and no form', async () => {
    const api = mockApi(detail, { user: buildUser({ id: 'someone-else', isDesigner: true }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorized to change this service.');
    expect(screen.queryByRole('checkbox', { name: 'Crown' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('says when the service does not exist', async () => {
    mockApi({ 'GET /api/services/single/svc-1': errorReply(404, 'Service not found.', 'SERVICE_NOT_FOUND') }, { user: owner });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Service not found.');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('sends a visitor to log in first', async () => {
    mockApi(detail);
    renderApp('/services/svc-1/edit');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?redirect=/));
  });
});
