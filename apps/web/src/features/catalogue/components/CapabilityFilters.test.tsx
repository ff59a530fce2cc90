import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildService, buildServiceDetail, listReply } from '../test-data';

const location = () => screen.getByTestId('location');

describe('what services design', () => {
  it('/gigs filters by restoration, material and software from the URL (unknown codes dropped) and puts a choice in the URL', async () => {
    const api = mockApi({ 'GET /api/gigs': listReply([buildService()]) });
    const ui = renderApp('/gigs?restoration=pontic&material=unobtainium');
    expect(await screen.findByRole('link', { name: 'Zirconia crown design' })).toBeInTheDocument();
    const first = api.to('GET /api/gigs').at(-1)!.url.searchParams;
    expect(first.get('restoration')).toBe('pontic');
    expect(first.get('material')).toBeNull();

    await ui.user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('combobox', { name: 'Restorations' })).toHaveValue('Pontic');
    await ui.user.click(screen.getByRole('combobox', { name: 'CAD software' }));
    await ui.user.click(await screen.findByRole('option', { name: 'exocad' }));
    await waitFor(() => expect(location()).toHaveTextContent('/gigs?restoration=pontic&material=unobtainium&software=exocad'));
    await waitFor(() => expect(api.to('GET /api/gigs').at(-1)!.url.searchParams.get('software')).toBe('exocad'));
    expect(api.to('GET /api/gigs').at(-1)!.url.searchParams.get('restoration')).toBe('pontic');
  }, 40_000);

  it('/designers?view=services sends them to /api/services', async () => {
    const api = mockApi({ 'GET /api/services': listReply([buildService()]) });
    renderApp('/designers?view=services&material=lithium_disilicate&software=3shape');
    expect(await screen.findByRole('link', { name: 'Zirconia crown design' })).toBeInTheDocument();
    const query = api.to('GET /api/services').at(-1)!.url.searchParams;
    expect(query.get('material')).toBe('lithium_disilicate');
    expect(query.get('software')).toBe('3shape');
    expect(screen.getByRole('combobox', { name: 'Materials' })).toHaveValue('Lithium disilicate (e.max)');
  }, 40_000);

  it('the service page says what the service designs', async () => {
    mockApi(
      {
        'GET /api/services/single/svc-1': {
          body: buildServiceDetail({ restorations: ['crown', 'pontic'], materials: ['zirconia_layered'], software: [], outputFormats: ['stl', 'exocad_project'] }),
        },
        'GET /api/reviews': listReply([]),
      },
      { user: buildUser() },
    );
    renderApp('/services/svc-1');
    const section = await screen.findByRole('region', { name: 'What this service designs' });
    expect(within(section).getByTestId('service-restorations')).toHaveTextContent('RestorationsCrownPontic');
    expect(within(section).getByTestId('service-materials')).toHaveTextContent('Layered zirconia');
    expect(within(section).getByTestId('service-software')).toHaveTextContent('None given');
    expect(within(section).getByTestId('service-outputFormats')).toHaveTextContent('STLexocad project');
  }, 40_000);

  it('the service form asks what it designs: at least one restoration, and project files need their software', async () => {
    const designer = buildUser({ isDesigner: true, isSeller: true });
    const api = mockApi({ 'POST /api/services': { status: 201, body: buildService({ _id: 'svc-new' }) } }, { user: designer });
    const ui = renderApp('/services/create');
    await ui.user.click(await screen.findByRole('checkbox', { name: 'Bridge' }));
    await ui.user.click(screen.getByRole('button', { name: 'Next' }));
    await ui.user.type(await screen.findByLabelText(/^Title/), 'Zirconia bridges');
    await ui.user.type(screen.getByLabelText(/^Description/), 'Three-unit bridges.');
    const restorations = screen.getByTestId('capability-restorations');
    // starts at the server's default (crown); none is refused
    expect(within(restorations).getByRole('checkbox', { name: 'Crown' })).toBeChecked();
    await ui.user.click(within(restorations).getByRole('checkbox', { name: 'Crown' }));
    await ui.user.click(within(screen.getByTestId('capability-outputFormats')).getByRole('checkbox', { name: 'exocad project' }));
    await ui.user.click(screen.getByRole('button', { name: 'Create Service' }));
    // The form shows the code's text (codes.CAPABILITY_RESTORATIONS_NONE), the rule its sentence naming the formats.
    expect(await screen.findByText('Please choose at least one restoration.')).toBeInTheDocument();
    expect(screen.getByText('Delivering exocad project files needs exocad among the software.')).toBeInTheDocument();
    expect(api.to('POST /api/services')).toHaveLength(0);

    await ui.user.click(within(restorations).getByRole('checkbox', { name: 'Bridge retainer' }));
    await ui.user.click(within(restorations).getByRole('checkbox', { name: 'Pontic' }));
    await ui.user.click(within(screen.getByTestId('capability-software')).getByRole('checkbox', { name: 'exocad' }));
    await ui.user.click(screen.getByRole('button', { name: 'Create Service' }));
    await waitFor(() => expect(api.to('POST /api/services')).toHaveLength(1));
    expect(api.to('POST /api/services')[0]!.body).toMatchObject({
      restorations: ['bridge_retainer', 'pontic'],
      materials: ['zirconia_monolithic'],
      software: ['exocad'],
      outputFormats: ['stl', 'exocad_project'],
    });
  }, 60_000);
});
