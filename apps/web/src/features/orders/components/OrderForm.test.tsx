import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_TYPE_REFUSED, ORDER_MESSAGES, type OrderQuoteJson, type PresetJson, type ServiceIntentInput } from '@cusp/shared';
import { buildServiceDetail, buildService, listReply } from '@/features/catalogue/test-data';
import { FakeXhr } from '@/features/files/test-utils';
import { setLanguage } from '@/lib/i18n';
import { errorReply, mockApi, type MockRequest, type MockRoutes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { BUYER, DESIGNER, buildIntent, buildOrderFile } from '../test-data';

const DEFAULT_PRESET: PresetJson = {
  _id: '8c7a3a52-8a47-4d3e-9a55-0c7b1f0e7a01',
  name: 'Posterior zirconia',
  design: { cementGapMicrons: 45, extraCementGapMicrons: 25, distanceToMarginMm: 0.6, minThicknessMm: 0.6, contactStrength: 'medium', occlusion: 'light_contact', outputFormats: ['stl'] },
  material: 'zirconia_monolithic',
  shade: 'A2',
  isDefault: true,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
};
const EMAX_PRESET: PresetJson = {
  ...DEFAULT_PRESET,
  _id: '8c7a3a52-8a47-4d3e-9a55-0c7b1f0e7a02',
  name: 'Anterior e.max',
  design: { ...DEFAULT_PRESET.design, cementGapMicrons: 30, minThicknessMm: 1, contactStrength: 'light', outputFormats: ['stl', 'ply'] },
  material: 'lithium_disilicate',
  shade: 'BL2',
  isDefault: false,
};

const BRIDGE_SERVICE = buildServiceDetail({
  restorations: ['crown', 'bridge_retainer', 'pontic', 'implant_crown_screw'],
  materials: ['zirconia_monolithic', 'lithium_disilicate', 'titanium'],
  outputFormats: ['stl', 'ply'],
});

/** The quote the server would answer: per unit, the units × 45. */
function quoteOf(request: MockRequest): OrderQuoteJson {
  const body = request.body as ServiceIntentInput;
  const quantity = Number(body.prescription?.units?.length || body.quantity || 1);
  return {
    serviceId: 'svc-1',
    unitOrArch: 'unit',
    quantity,
    unitPrice: 45,
    total: 45 * quantity,
    currency: 'USD',
    lineItems: [{ description: 'Zirconia crown design', unitOrArch: 'unit', unitPrice: 45, quantity, total: 45 * quantity }],
    teeth: (body.prescription?.units ?? []).map((u) => u.tooth),
    tier: 'standard',
  deliveryDays: 2,
  earliestDueBy: '2026-03-03',
  };
}

function routes(overrides: MockRoutes = {}, service = BRIDGE_SERVICE): MockRoutes {
  return {
    'GET /api/services/single/svc-1': { body: service },
    'GET /api/reviews': listReply([]),
    'GET /api/preferences': { body: [DEFAULT_PRESET, EMAX_PRESET] },
    'POST /api/payments/quote': (request) => ({ body: quoteOf(request) }),
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
const field = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const submit = () => screen.getByRole('button', { name: 'Continue to payment' });

async function choose(user: ReturnType<typeof renderApp>['user'], name: string, option: string) {
  await user.click(select(name));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => FakeXhr.install());

describe('Order Service: the prescription', () => {
  it('marks a bridge 14-16 from the default preset, asks for the pontic shape, prices it and sends the prescription', async () => {
    const api = mockApi(routes(), { user: BUYER });
    const { user } = await openForm();
    // The default preset fills the design block.
    await waitFor(() => expect(select('Preset')).toHaveValue('Posterior zirconia (default)'));
    expect(screen.getByLabelText('Cement gap (µm)')).toHaveValue('45');
    expect(screen.getByText('Mark the teeth to see the price.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Bridge from tooth to tooth'), '14-16');
    await user.click(screen.getByRole('button', { name: 'Mark the bridge' }));
    // Retainers at the ends, a pontic between, each with its short label; joined on the chart.
    expect(tooth(14)).toHaveAccessibleName('Tooth 14, upper right first premolar: Bridge retainer');
    expect(tooth(15)).toHaveTextContent('15PON');
    // drawn left to right 16, 15, 14: a bar from 16 to 15 and from 15 to 14
    expect(tooth(16)).toHaveAttribute('data-joined', 'next');
    expect(tooth(15)).toHaveAttribute('data-joined', 'next');
    expect(tooth(14)).not.toHaveAttribute('data-joined');
    expect(select('Tooth 15: Restoration')).toHaveValue('Pontic');
    expect(select('Tooth 16: Shade')).toHaveValue('A2');
    // The shared rule, at its field.
    expect(screen.getByText('Tooth 15 is a pontic: please choose the pontic shape.')).toBeInTheDocument();
    expect(screen.getByText('Correct the prescription to see the price.')).toBeInTheDocument();

    await choose(user, 'Pontic shape', 'Ovate');
    expect(screen.queryByText(/please choose the pontic shape/)).not.toBeInTheDocument();
    expect(await screen.findByTestId('quote-line')).toHaveTextContent('3 × $45.00 = $135.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$135.00');

    await user.type(screen.getByLabelText(/^Case reference/), 'LAB-7');
    await user.click(submit());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pay/service/svc-1?payment=pay-1'));
    expect(api.to('POST /api/payments/intents')[0]!.body).toEqual({
      type: 'service',
      id: 'svc-1',
      prescription: {
        units: [
          { tooth: 16, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
          { tooth: 15, restoration: 'pontic', material: 'zirconia_monolithic', shade: 'A2' },
          { tooth: 14, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
        ],
        design: {
          cementGapMicrons: 45,
          extraCementGapMicrons: 25,
          distanceToMarginMm: 0.6,
          minThicknessMm: 0.6,
          contactStrength: 'medium',
          occlusion: 'light_contact',
          ponticType: 'ovate',
          outputFormats: ['stl'],
        },
        caseRef: 'LAB-7',
        notes: '',
      },
      attachments: [],
      tier: 'standard',
    });
  }, 40_000);

  it('says what is wrong at each unit with the shared rules, and what the service does not design', async () => {
    const api = mockApi(routes(), { user: BUYER });
    const { user } = await openForm();
    await waitFor(() => expect(select('Preset')).toHaveValue('Posterior zirconia (default)'));

    // Nothing marked: the chart asks for a tooth, nothing is sent. The form's error, at the top of the dialog, is
    // brought into view from the button at its bottom and focused (read out), at every press.
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    for (let press = 0; press < 2; press += 1) {
      scrolled.mockClear();
      await user.click(submit());
      expect(await screen.findByText('Mark at least one tooth on the chart: each tooth is one unit.')).toBeInTheDocument();
      const alert = screen.getByText('Please correct the marked fields.').closest<HTMLElement>('[role="alert"]')!;
      await waitFor(() => expect(alert).toHaveFocus());
      expect(scrolled.mock.contexts).toContain(alert);
    }
    scrolled.mockRestore();

    // A range that cannot be a bridge.
    await user.type(screen.getByLabelText('Bridge from tooth to tooth'), '14-44');
    await user.click(screen.getByRole('button', { name: 'Mark the bridge' }));
    expect(screen.getByText(/Give two teeth of the same arch/)).toBeInTheDocument();

    // A pontic alone, then an implant crown without its system and platform.
    await user.click(tooth(21));
    await choose(user, 'Tooth 21: Restoration', 'Pontic');
    expect(screen.getByText('Tooth 21: a pontic must be part of a bridge, between two retainers.')).toBeInTheDocument();
    await choose(user, 'Tooth 21: Restoration', 'Implant crown, screw-retained');
    expect(screen.getByText('Tooth 21: please give the implant system (maker and line).')).toBeInTheDocument();
    expect(screen.getByText('Tooth 21: please give the implant platform (connection size).')).toBeInTheDocument();
    await user.type(field('Tooth 21: Implant system'), 'Straumann BLX');
    await user.type(field('Tooth 21: Implant platform'), 'RB');
    expect(screen.queryByText(/please give the implant/)).not.toBeInTheDocument();

    // Only what the service designs is offered.
    await user.click(select('Tooth 21: Restoration'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Crown', 'Bridge retainer', 'Pontic', 'Implant crown, screw-retained']);
    await user.keyboard('{Escape}');

    // Titanium needs no shade: the shade field goes.
    await choose(user, 'Tooth 21: Material', 'Titanium');
    expect(screen.queryByRole('combobox', { name: 'Tooth 21: Shade' })).not.toBeInTheDocument();
    expect(screen.getByText('No shade for this material')).toBeInTheDocument();
    expect(await screen.findByTestId('quote-line')).toHaveTextContent('1 × $45.00 = $45.00');
    expect(api.to('POST /api/payments/intents')).toHaveLength(0);
  }, 40_000);

  it('applies another preset to the design and the units, and saves the fields as a new preset', async () => {
    const created: PresetJson = { ...EMAX_PRESET, _id: '8c7a3a52-8a47-4d3e-9a55-0c7b1f0e7a03', name: 'Molars' };
    const api = mockApi(routes({ 'POST /api/preferences': { status: 201, body: created } }), { user: BUYER });
    const { user } = await openForm();
    await waitFor(() => expect(select('Preset')).toHaveValue('Posterior zirconia (default)'));
    await user.click(tooth(11));
    expect(select('Tooth 11: Shade')).toHaveValue('A2');

    await choose(user, 'Preset', 'Anterior e.max');
    expect(screen.getByLabelText('Cement gap (µm)')).toHaveValue('30');
    expect(screen.getByLabelText(/^Minimum thickness/)).toHaveValue('1');
    expect(select('Contacts')).toHaveValue('Light');
    expect(select('Tooth 11: Material')).toHaveValue('Lithium disilicate (e.max)');
    expect(select('Tooth 11: Shade')).toHaveValue('BL2');
    // both of the preset's formats are delivered by this service
    expect(screen.getByRole('checkbox', { name: 'PLY' })).toBeChecked();
    // still editable for this order
    await user.clear(screen.getByLabelText('Cement gap (µm)'));
    await user.type(screen.getByLabelText('Cement gap (µm)'), '35');

    await user.click(screen.getByRole('button', { name: 'Save as preset' }));
    await user.type(screen.getByLabelText('Preset name'), 'Molars');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('POST /api/preferences')).toHaveLength(1));
    expect(api.to('POST /api/preferences')[0]!.body).toMatchObject({
      name: 'Molars',
      design: { cementGapMicrons: 35, minThicknessMm: 1, contactStrength: 'light', outputFormats: ['stl', 'ply'] },
      material: 'lithium_disilicate',
      shade: 'BL2',
      isDefault: false,
    });
  });

  it('shows the server’s quote as units change, and the server’s refusals at their units', async () => {
    let reply = errorReply(400, 'Please check the order.', 'VALIDATION', { 'prescription.units.0.material': 'Tooth 11: this service does not design in layered zirconia.' });
    const api = mockApi(routes({ 'POST /api/payments/intents': () => reply }), { user: BUYER });
    const { user } = await openForm();
    await waitFor(() => expect(select('Preset')).toHaveValue('Posterior zirconia (default)'));
    await user.click(tooth(11));
    expect(await screen.findByTestId('quote-line')).toHaveTextContent('1 × $45.00 = $45.00');
    await user.click(tooth(21));
    await waitFor(() => expect(screen.getByTestId('quote-line')).toHaveTextContent('2 × $45.00 = $90.00'));
    expect(screen.getByTestId('order-total')).toHaveTextContent('$90.00');
    expect(api.to('POST /api/payments/quote').at(-1)!.body).toMatchObject({ prescription: { units: [{ tooth: 11 }, { tooth: 21 }] } });

    await user.click(submit());
    expect(await screen.findByText('Tooth 11: this service does not design in layered zirconia.')).toBeInTheDocument();
    expect(select('Tooth 11: Material')).toHaveAttribute('aria-invalid', 'true');

    reply = errorReply(403, ORDER_MESSAGES.ownService, 'ORDER_OWN_SERVICE');
    await user.click(submit());
    expect(await screen.findByText(ORDER_MESSAGES.ownService)).toBeInTheDocument();
  });

  it('in Arabic: the rules and the labels in Arabic, the tooth numbers in FDI', async () => {
    await setLanguage('ar', { persist: false });
    mockApi(routes(), { user: BUYER });
    const ui = renderApp('/services/svc-1?order=1');
    const dialog = await screen.findByRole('dialog');
    await ui.user.type(await within(dialog).findByLabelText('جسر من سن إلى سن'), '14-16');
    await ui.user.click(within(dialog).getByRole('button', { name: 'تحديد الجسر' }));
    expect(await within(dialog).findByText('السن 15 سن وسيطة: يرجى اختيار شكل السن الوسيطة.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^السن 15،/ })).toHaveTextContent('15وسيط');
    // A design field's limit by its code, in Arabic, its bounds filled in (docs/decisions/0056).
    const gap = within(dialog).getByRole('textbox', { name: 'فراغ الإسمنت (ميكرومتر)' });
    await ui.user.clear(gap);
    await ui.user.type(gap, '250');
    expect(await within(dialog).findByText('فراغ الإسمنت من 0 إلى 200 ميكرومتر.')).toBeInTheDocument();
  });

  it('in Arabic: digits typed on a Gulf keyboard, and the due date read and written as YYYY-MM-DD like its hint', async () => {
    await setLanguage('ar', { persist: false });
    const api = mockApi(routes({}, buildServiceDetail({ unitOrArch: 'arch', unit: 'arch', toothPrice: 120 })), { user: BUYER });
    const ui = renderApp('/services/svc-1?order=1');
    const dialog = await screen.findByRole('dialog');
    const arches = await within(dialog).findByRole('textbox', { name: 'عدد الأقواس' });
    await ui.user.clear(arches);
    await ui.user.type(arches, '٢');
    expect(arches).toHaveValue('2');
    await waitFor(() => expect(api.to('POST /api/payments/quote').at(-1)?.body).toMatchObject({ quantity: 2 }));
    // The hint names the earliest date as the field writes one.
    expect(within(dialog).getByText('اختياري. أقرب موعد 2026-03-03.')).toBeInTheDocument();
    const due = within(dialog).getByRole('textbox', { name: 'موعد التسليم' });
    await ui.user.type(due, '٢٠٢٧-٠١-١٥');
    expect(due).toHaveValue('2027-01-15');
    await ui.user.tab();
    expect(due).toHaveValue('2027-01-15');
    await ui.user.click(within(dialog).getByRole('button', { name: 'المتابعة إلى الدفع' }));
    await waitFor(() => expect(api.to('POST /api/payments/intents')).toHaveLength(1));
    expect(api.to('POST /api/payments/intents')[0]!.body).toMatchObject({ quantity: 2, prescription: { dueBy: '2027-01-15' } });
  });

  it('per arch without teeth: the number of arches, as before', async () => {
    const api = mockApi(routes({}, buildServiceDetail({ unitOrArch: 'arch', unit: 'arch', toothPrice: 120 })), { user: BUYER });
    const { user } = await openForm();
    const arches = field('Number of arches');
    await user.clear(arches);
    await user.type(arches, '3');
    await user.click(submit());
    expect(await screen.findByText(ORDER_MESSAGES.tooMany)).toBeInTheDocument();
    await user.clear(arches);
    await user.type(arches, '2');
    await waitFor(() => expect(api.to('POST /api/payments/quote').at(-1)?.body).toMatchObject({ quantity: 2 }));
    await user.click(submit());
    await waitFor(() => expect(api.to('POST /api/payments/intents')).toHaveLength(1));
    expect(api.to('POST /api/payments/intents')[0]!.body).toMatchObject({ quantity: 2, prescription: { units: [] } });
  });
});

describe('Order Service: case files', () => {
  it('uploads with progress, shows the guessed role with a select to change it, and attaches each with its role', async () => {
    const api = mockApi(routes(), { user: BUYER });
    const { user } = await openForm();
    await user.click(tooth(11));
    const input = screen.getByLabelText('Case files');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(684)], 'UpperJaw.stl'), new File([new Uint8Array(10)], 'lower.ply'), new File(['MZ'], 'setup.exe')] },
    });
    expect(await screen.findByText(/setup\.exe cannot be uploaded/)).toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(2);
    const [upper, lower] = FakeXhr.instances;
    expect(upper!.url).toBe('/api/order-files');

    act(() => upper!.progress(342, 684));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress of UpperJaw.stl' })).toHaveAttribute('aria-valuenow', '50');
    expect(submit()).toBeDisabled();

    act(() => upper!.respond(201, buildOrderFile({ _id: '3f1c1a52-8a47-4d3e-9a55-0c7b1f0e7a11', name: 'UpperJaw.stl', role: 'upper_jaw' })));
    const role = await screen.findByRole('combobox', { name: 'Role of UpperJaw.stl' });
    expect(role).toHaveValue('upper_jaw');
    await user.selectOptions(role, 'bite');
    await user.click(screen.getByRole('button', { name: 'Cancel the upload of lower.ply' }));
    expect(lower!.aborted).toBe(true);

    await user.click(submit());
    await waitFor(() => expect(api.to('POST /api/payments/intents')).toHaveLength(1));
    expect(api.to('POST /api/payments/intents')[0]!.body).toMatchObject({ attachments: [{ id: '3f1c1a52-8a47-4d3e-9a55-0c7b1f0e7a11', role: 'bite' }] });
  });

  it('shows an upload the server refuses, which can then be removed', async () => {
    mockApi(routes(), { user: BUYER });
    const { user } = await openForm();
    fireEvent.change(screen.getByLabelText('Case files'), { target: { files: [new File([new Uint8Array(8)], 'fake.stl')] } });
    act(() => FakeXhr.last().respond(415, { message: FILE_TYPE_REFUSED, code: 'FILE_TYPE_REFUSED' }));
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
