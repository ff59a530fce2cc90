import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FILE_TYPE_REFUSED, ORDER_MESSAGES } from '@cusp/shared';
import { buildServiceDetail, buildService, listReply } from '@/features/catalogue/test-data';
import { FakeXhr } from '@/features/files/test-utils';
import { errorReply, mockApi, type MockRoutes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { BUYER, DESIGNER, buildIntent, buildOrderFile } from '../test-data';

function routes(overrides: MockRoutes = {}, service = buildServiceDetail()): MockRoutes {
  return {
    'GET /api/services/single/svc-1': { body: service },
    'GET /api/reviews': listReply([]),
    'POST /api/payments/intents': { status: 201, body: buildIntent() },
    // the payment page the form leads to
    'GET /api/services/svc-1': { body: buildService() },
    'GET /api/payments/pay-1': { body: buildIntent() },
    'GET /api/payments/config': { body: { provider: 'sandbox', publishableKey: null, currency: 'USD' } },
    ...overrides,
  };
}

async function openForm(route = '/services/svc-1') {
  const ui = renderApp(route);
  await ui.user.click(await screen.findByRole('link', { name: 'Order Service' }));
  const dialog = await screen.findByRole('dialog', { name: /Order this service/ });
  return { ...ui, dialog };
}

const tooth = (n: number) => screen.getByRole('button', { name: new RegExp(`^Tooth ${n},`) });
const quantity = (label = 'Number of units') => screen.getByRole('textbox', { name: label });
const submit = () => screen.getByRole('button', { name: 'Continue to payment' });

beforeEach(() => FakeXhr.install());

describe('Order Service', () => {
  it('orders per unit: the chosen teeth set the quantity, the total follows, then the payment page', async () => {
    const api = mockApi(routes(), { user: BUYER });
    const { user, dialog } = await openForm();
    expect(screen.getByTestId('location')).toHaveTextContent('/services/svc-1?order=1');
    expect(within(dialog).getByText('Zirconia crown design')).toBeInTheDocument();
    expect(quantity()).toHaveValue('1');
    expect(screen.getByTestId('order-total')).toHaveTextContent('1 × $45.00 = $45.00');

    await user.click(tooth(11));
    await user.click(tooth(21));
    await user.click(tooth(12));
    expect(quantity()).toHaveValue('3');
    expect(quantity()).toHaveAttribute('readonly');
    expect(screen.getByText('Set by the teeth you chose on the chart.')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('3 × $45.00 = $135.00');
    await user.click(tooth(12));
    expect(quantity()).toHaveValue('2');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$90.00');

    await user.type(screen.getByLabelText(/^Requirements/), '  Zirconia, shade A2  ');
    await user.click(submit());

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pay/service/svc-1?payment=pay-1'));
    expect(api.to('POST /api/payments/intents')[0]!.body).toEqual({
      type: 'service',
      id: 'svc-1',
      quantity: 2,
      teeth: [11, 21],
      requirements: 'Zirconia, shade A2',
      attachments: [],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
  });

  it('refuses a missing or too large quantity with the server’s messages, sending nothing', async () => {
    const api = mockApi(routes(), { user: BUYER });
    const { user } = await openForm();
    await user.clear(quantity());
    await user.click(submit());
    expect(await screen.findByText(ORDER_MESSAGES.quantity)).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('—');

    await user.type(quantity(), '40');
    await user.click(submit());
    expect(await screen.findByText(ORDER_MESSAGES.tooMany)).toBeInTheDocument();
    expect(api.to('POST /api/payments/intents')).toHaveLength(0);
  });

  it('per arch: 1 or 2 arches, and the teeth must fit the arches ordered', async () => {
    const api = mockApi(routes({}, buildServiceDetail({ unitOrArch: 'arch', unit: 'arch', toothPrice: 120 })), { user: BUYER });
    const { user } = await openForm();
    const arches = quantity('Number of arches');
    await user.clear(arches);
    await user.type(arches, '3');
    await user.click(submit());
    expect(await screen.findByText(ORDER_MESSAGES.tooMany)).toBeInTheDocument();

    await user.clear(arches);
    await user.type(arches, '1');
    // teeth do not change the number of arches...
    await user.click(tooth(11));
    await user.click(tooth(36));
    expect(arches).toHaveValue('1');
    // ...but teeth on both arches need two
    await user.click(submit());
    expect(await screen.findByText(/The teeth you chose are on both arches/)).toBeInTheDocument();
    expect(api.to('POST /api/payments/intents')).toHaveLength(0);

    await user.clear(arches);
    await user.type(arches, '2');
    expect(screen.getByTestId('order-total')).toHaveTextContent('2 × $120.00 = $240.00');
    await user.click(submit());
    await waitFor(() => expect(api.to('POST /api/payments/intents')).toHaveLength(1));
    expect(api.to('POST /api/payments/intents')[0]!.body).toMatchObject({ quantity: 2, teeth: [11, 36] });
  });

  it('shows the server’s field errors at their fields, and its other refusals on the form', async () => {
    let reply = errorReply(400, 'Please check the order.', 'VALIDATION', { quantity: ORDER_MESSAGES.tooMany });
    mockApi(routes({ 'POST /api/payments/intents': () => reply }), { user: BUYER });
    const { user } = await openForm();
    await user.click(submit());
    expect(await screen.findByText(ORDER_MESSAGES.tooMany)).toBeInTheDocument();
    expect(quantity()).toHaveAttribute('aria-invalid', 'true');

    reply = errorReply(403, ORDER_MESSAGES.ownService, 'FORBIDDEN');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.ownService);
    expect(screen.getByTestId('location')).toHaveTextContent('/services/svc-1?order=1');
  });

  it('uploads case files with progress, can remove them, and attaches the uploaded ones', async () => {
    const api = mockApi(routes(), { user: BUYER });
    const { user } = await openForm();
    const input = screen.getByLabelText('Case files');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(684)], 'upper.stl'), new File([new Uint8Array(10)], 'lower.ply'), new File(['MZ'], 'setup.exe')] },
    });
    expect(await screen.findByText(/setup\.exe cannot be uploaded/)).toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(2);
    const [upper, lower] = FakeXhr.instances;
    expect(upper!.url).toBe('/api/order-files');
    expect((upper!.body!.get('file') as File).name).toBe('upper.stl');

    act(() => upper!.progress(342, 684));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress of upper.stl' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50% uploaded')).toBeInTheDocument();
    // submitting waits for the uploads
    expect(submit()).toBeDisabled();

    act(() => upper!.respond(201, buildOrderFile({ _id: '3f1c1a52-8a47-4d3e-9a55-0c7b1f0e7a11', name: 'upper.stl' })));
    expect(await screen.findByText(/Uploaded ·/)).toBeInTheDocument();
    // the second is removed while uploading: its request is cancelled
    await user.click(screen.getByRole('button', { name: 'Cancel the upload of lower.ply' }));
    expect(lower!.aborted).toBe(true);
    expect(screen.queryByText('lower.ply')).not.toBeInTheDocument();

    await user.click(submit());
    await waitFor(() => expect(api.to('POST /api/payments/intents')).toHaveLength(1));
    expect(api.to('POST /api/payments/intents')[0]!.body).toMatchObject({ attachments: ['3f1c1a52-8a47-4d3e-9a55-0c7b1f0e7a11'] });
  });

  it('shows an upload the server refuses, which can then be removed', async () => {
    mockApi(routes(), { user: BUYER });
    const { user } = await openForm();
    fireEvent.change(screen.getByLabelText('Case files'), { target: { files: [new File([new Uint8Array(8)], 'fake.stl')] } });
    act(() => FakeXhr.last().respond(415, { message: FILE_TYPE_REFUSED, code: 'UNSUPPORTED_TYPE' }));
    expect(await screen.findByText(`Upload failed. ${FILE_TYPE_REFUSED}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove fake.stl' }));
    expect(screen.queryByText('fake.stl')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('closes with Cancel, back on the plain service page', async () => {
    mockApi(routes(), { user: BUYER });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/services\/svc-1$/);
  });

  it('gives the designer no Order Service on their own service, even with ?order=1', async () => {
    mockApi(routes(), { user: DESIGNER });
    renderApp('/services/svc-1?order=1');
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Order Service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
