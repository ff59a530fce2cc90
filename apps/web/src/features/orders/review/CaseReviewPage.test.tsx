import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MeshBasicMaterial } from 'three';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetailJson, OrderFileJson, OrderPinJson } from '@cusp/shared';
import { errorReply, mockApi, type MockRoutes } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { BUYER, DESIGNER, buildEvent, buildOrderDetail, buildOrderFile } from '../test-data';
import { CaseReviewPage } from './CaseReviewPage';
import type { CameraView, Pick, Vec3 } from './review-scene';

/**
 * The case review page (docs/decisions/0037) in jsdom. jsdom has no WebGL, so the one part that draws, `ReviewScene`
 * (review-scene.ts, three.js's renderer and ray casting), is replaced by a recorder whose "surface under the
 * centre" the test chooses. Everything else is the real page: the viewport component fetches each file and parses
 * it with three's loaders, the panels, the checklist and the requests sent to the (mocked) API.
 */
const scene = vi.hoisted(() => ({
  /** What pickCentre answers next, in order (null: no surface there). */
  centre: [] as Array<Pick | null>,
  noWebGl: false,
  added: [] as string[],
  visible: {} as Record<string, boolean>,
  lookedAt: [] as Array<{ point: Vec3; view: CameraView | null }>,
  zooms: [] as number[],
}));

vi.mock('./review-scene', () => ({
  ReviewScene: class {
    onRender: (() => void) | null = null;
    constructor() {
      if (scene.noWebGl) throw new Error('Error creating WebGL context.');
    }
    makeMaterial = () => new MeshBasicMaterial();
    add = (fileId: string) => scene.added.push(fileId);
    remove = () => {};
    setVisible = (fileId: string, visible: boolean) => (scene.visible[fileId] = visible);
    setOpacity = () => {};
    view = () => {};
    zoom = (factor: number) => scene.zooms.push(factor);
    cameraView = (): CameraView => ({ position: [10, -40, 30], target: [5, 5, 5] });
    lookAt = (point: Vec3, view: CameraView | null) => scene.lookedAt.push({ point, view });
    setClip = () => {};
    pick = () => null;
    pickCentre = () => scene.centre.shift() ?? null;
    project = () => null;
    setPins = () => {};
    setMeasure = () => {};
    dispose = () => {};
  },
}));

/** A binary STL of one tetrahedron: enough for three's loader. */
function tetrahedronStl(): ArrayBuffer {
  const v: Vec3[] = [[0, 0, 0], [10, 0, 0], [0, 10, 0], [0, 0, 10]];
  const faces = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
  const buffer = new ArrayBuffer(84 + 50 * faces.length);
  const view = new DataView(buffer);
  view.setUint32(80, faces.length, true);
  faces.forEach((face, i) => face.forEach((corner, c) => v[corner]!.forEach((n, k) => view.setFloat32(84 + i * 50 + 12 + c * 12 + k * 4, n, true))));
  return buffer;
}

const done = { status: 'done' as const, triangles: 4, vertices: 4, bbox: { x: 10, y: 10, z: 10 }, areaMm2: 236.6, shells: 1, holes: 0, degenerate: 0, findings: [] };
const file = (id: string, name: string, role: OrderFileJson['role']) => buildOrderFile({ _id: id, name, role, url: `/api/orders/o1/files/${id}`, analysis: done });
const scan = file('scan1', 'lower-prep-36.stl', 'prep');
const antagonist = file('upper1', 'upper-antagonist.stl', 'upper_jaw');
const crown = file('crown1', 'crown-36.stl', 'other');
const pin = (n: number, note: string, extra: Partial<OrderPinJson> = {}): OrderPinJson => ({
  _id: `p${n}`, number: n, fileId: 'crown1', x: n, y: 2, z: 3, note, camera: null, measurementMm: null, visibleFileIds: null, resolved: false, resolvedAt: null, ...extra,
});

const fileRoutes: MockRoutes = Object.fromEntries([scan, antagonist, crown].map((f) => [`GET ${f.url}`, () => ({ raw: tetrahedronStl() })]));

function render(order: OrderDetailJson, user = order.isSeller ? DESIGNER : BUYER, routes: MockRoutes = {}) {
  const api = mockApi({ [`GET /api/orders/${order._id}`]: { body: order }, ...fileRoutes, ...routes }, { user });
  return { api, ...renderWithProviders(<CaseReviewPage />, { path: '/orders/:id/review', route: `/orders/${order._id}/review` }) };
}

const delivered = (overrides: Partial<OrderDetailJson> = {}) =>
  buildOrderDetail({
    _id: 'o1',
    status: 'delivered',
    attachments: [scan, antagonist],
    events: [buildEvent({ type: 'paid' }), buildEvent({ _id: 'd1', type: 'delivered', files: [crown] })],
    actions: ['accept', 'revision'],
    ...overrides,
  });

/** Types into a field in one go (a paste: key-by-key typing re-renders the whole page per letter, slow on a busy machine). */
async function write(user: ReturnType<typeof renderWithProviders>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Every file has been fetched and handed to the scene. */
async function loaded(count: number) {
  await waitFor(() => expect(scene.added).toHaveLength(count));
  const layers = screen.getAllByTestId('review-layer');
  expect(layers).toHaveLength(count);
  for (const layer of layers) expect(within(layer).queryByText('Loading')).toBeNull();
}

beforeEach(() => {
  scene.centre = [];
  scene.noWebGl = false;
  scene.added = [];
  scene.visible = {};
  scene.lookedAt = [];
  scene.zooms = [];
});

describe('/orders/{id}/review', () => {
  it('the buyer measures and pins by keyboard, fills the checklist and sends one revision with both pins and the measurement', async () => {
    const { api, user } = render(delivered(), BUYER, { 'POST /api/orders/o1/revision': { body: delivered({ status: 'revision_requested', actions: [] }) } });
    await loaded(3);
    expect(screen.getAllByTestId('review-layer').map((layer) => layer.textContent)).toEqual([
      expect.stringContaining('Preparation · lower-prep-36.stl'),
      expect.stringContaining('Upper jaw · upper-antagonist.stl'),
      expect.stringContaining('Design · crown-36.stl'),
    ]);

    // The antagonist hidden.
    await user.click(screen.getByRole('checkbox', { name: 'Show Upper jaw upper-antagonist.stl' }));
    expect(scene.visible).toEqual({ scan1: true, upper1: false, crown1: true });

    // Zoom from the keyboard and the buttons.
    const canvas = screen.getByRole('img', { name: /^3D scene of the case/ });
    canvas.focus();
    await user.keyboard('+-');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(scene.zooms).toEqual([0.8, 1.25, 0.8]);

    // Measuring from the keyboard: Enter in the focused scene picks the surface under the cross.
    await user.click(screen.getByRole('radio', { name: 'Measure' }));
    expect(screen.getByTestId('review-crosshair')).toBeInTheDocument();
    scene.centre = [{ fileId: 'crown1', point: [1, 1, 1] }, null, { fileId: 'crown1', point: [4, 5, 1] }];
    canvas.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('measurement')).toHaveTextContent('1 point chosen; choose one more.');
    await user.click(screen.getByRole('button', { name: 'Point at the centre' }));
    expect(screen.getByText(/^There is no surface at the centre of the view/)).toBeInTheDocument();
    canvas.focus();
    await user.keyboard(' ');
    expect(screen.getByTestId('measurement')).toHaveTextContent('Distance: 5.00 mm');
    expect(screen.queryByText(/^There is no surface at the centre/)).toBeNull();

    // Pin 1 from the keyboard, the measurement attached; its note takes the focus.
    await user.click(screen.getByRole('radio', { name: 'Place pin' }));
    scene.centre = [{ fileId: 'crown1', point: [2, 3, 4] }, { fileId: 'scan1', point: [0, 1, 0] }];
    canvas.focus();
    await user.keyboard('{Enter}');
    const note = screen.getByRole('textbox', { name: /^Pin 1 on crown-36\.stl/ });
    expect(note).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'Attach the measurement (5.00 mm)' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add pin' }));
    expect(screen.getByText('Please say what should change at this pin.')).toBeInTheDocument();
    await write(user, note, 'Open the distal contact 0.05 mm');
    await user.click(screen.getByRole('button', { name: 'Add pin' }));
    // The measurement went with the pin; the ruler starts afresh.
    expect(screen.queryByTestId('measurement')).toBeNull();

    // Pin 2 from the button beside the list.
    await user.click(screen.getByRole('button', { name: 'Place a pin at the centre of the view' }));
    await write(user, screen.getByRole('textbox', { name: /^Pin 2 on lower-prep-36\.stl/ }), 'The margin is here');
    await user.click(screen.getByRole('button', { name: 'Add pin' }));
    const pins = within(screen.getByTestId('pin-list')).getAllByRole('listitem');
    expect(pins).toHaveLength(2);
    expect(pins[0]).toHaveTextContent('Pin 1 · crown-36.stl');
    expect(pins[0]).toHaveTextContent('Measured: 5.00 mm');
    expect(pins[1]).toHaveTextContent('Pin 2 · lower-prep-36.stl');
    expect(pins[1]).not.toHaveTextContent('Measured');
    await user.click(within(pins[0]!).getByRole('button', { name: 'Show pin 1 in the scene' }));
    expect(scene.lookedAt.at(-1)).toEqual({ point: [2, 3, 4], view: { position: [10, -40, 30], target: [5, 5, 5] } });

    // The checklist: margins fine, contacts to change with a note, an overall note.
    await user.click(within(screen.getByTestId('check-margins')).getByText('Fine'));
    await user.click(within(screen.getByTestId('check-contacts')).getByText('Needs a change'));
    await write(user, screen.getByRole('textbox', { name: 'What should change (Contacts)' }), 'Distal contact too light');
    expect(screen.getByText('2 of 5 checked')).toBeInTheDocument();
    await write(user, screen.getByRole('textbox', { name: 'Anything else for the designer (optional)' }), 'Thanks');

    await user.click(screen.getByRole('button', { name: 'Request a revision (2 pins)' }));
    await waitFor(() => expect(api.to('POST /api/orders/o1/revision')).toHaveLength(1));
    expect(api.to('POST /api/orders/o1/revision')[0]!.body).toEqual({
      // The checklist goes by code, so the designer reads it in their own language (docs/decisions/0059).
      note: 'Thanks',
      checklist: [{ item: 'contacts', note: 'Distal contact too light' }],
      pins: [
        // Each pin keeps what was in view: the antagonist was hidden.
        { fileId: 'crown1', x: 2, y: 3, z: 4, note: 'Open the distal contact 0.05 mm', camera: { position: [10, -40, 30], target: [5, 5, 5] }, visibleFileIds: ['scan1', 'crown1'], measurementMm: 5 },
        { fileId: 'scan1', x: 0, y: 1, z: 0, note: 'The margin is here', camera: { position: [10, -40, 30], target: [5, 5, 5] }, visibleFileIds: ['scan1', 'crown1'] },
      ],
    });
  });

  it('shows the server\'s refusal of one pin by its number and keeps the drafts', async () => {
    const { user } = render(delivered(), BUYER, {
      'POST /api/orders/o1/revision': errorReply(400, 'Invalid input.', 'VALIDATION', { 'pins.0': 'The point lies outside the file.' }),
    });
    await loaded(3);
    await user.click(screen.getByRole('radio', { name: 'Place pin' }));
    scene.centre = [{ fileId: 'crown1', point: [2, 3, 4] }];
    await user.click(screen.getByRole('button', { name: 'Place a pin at the centre of the view' }));
    await write(user, screen.getByRole('textbox', { name: /^Pin 1 on crown-36\.stl/ }), 'Here');
    await user.click(screen.getByRole('button', { name: 'Add pin' }));
    await user.click(screen.getByRole('button', { name: 'Request a revision (1 pin)' }));
    expect(await screen.findByText('Pin 1: The point lies outside the file.')).toBeInTheDocument();
    expect(within(screen.getByTestId('pin-list')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('without WebGL the files say so, and the checklist alone still sends a revision', async () => {
    scene.noWebGl = true;
    const { api, user } = render(delivered(), BUYER, { 'POST /api/orders/o1/revision': { body: delivered() } });
    await waitFor(() => expect(screen.getAllByText('Could not load')).toHaveLength(3));
    const send = screen.getByRole('button', { name: 'Request a revision (0 pins)' });
    expect(send).toBeDisabled(); // nothing to send yet
    await user.click(within(screen.getByTestId('check-occlusion')).getByText('Needs a change'));
    expect(send).toBeEnabled();
    await user.click(send);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders/o1'));
    expect(api.to('POST /api/orders/o1/revision').map((request) => request.body)).toEqual([{ note: '', checklist: [{ item: 'occlusion', note: '' }], pins: [] }]);
  });

  it('accepting records the files of the delivery shown, an earlier one when chosen', async () => {
    const first = file('crown0', 'crown-36-v1.stl', 'other');
    const order = delivered({
      events: [
        buildEvent({ type: 'paid' }),
        buildEvent({ _id: 'd0', type: 'delivered', files: [first], createdAt: '2026-03-02T10:00:00.000Z' }),
        buildEvent({ type: 'revision_requested', createdAt: '2026-03-03T10:00:00.000Z' }),
        buildEvent({ _id: 'd1', type: 'delivered', files: [crown], createdAt: '2026-03-04T10:00:00.000Z' }),
      ],
    });
    const { api, user } = render(order, BUYER, {
      [`GET ${first.url}`]: () => ({ raw: tetrahedronStl() }),
      'POST /api/orders/o1/accept': { body: delivered({ status: 'completed', actions: [] }) },
    });
    await loaded(3);
    expect(screen.getAllByTestId('review-layer')[2]).toHaveTextContent('Design · crown-36.stl'); // the latest by default
    await user.click(screen.getByRole('combobox', { name: 'Design shown' }));
    await user.click(await screen.findByRole('option', { name: /^Delivery 1 / }));
    await waitFor(() => expect(screen.getAllByTestId('review-layer')[2]).toHaveTextContent('Design · crown-36-v1.stl'));
    expect(screen.getByText(/records these files as approved: crown-36-v1\.stl\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept the design' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders/o1'));
    expect(api.to('POST /api/orders/o1/accept').map((request) => request.body)).toEqual([{ files: ['crown0'] }]);
  });

  it('the designer sees the revision\'s pins, goes to each, and marks one resolved; a refusal puts the box back', async () => {
    const view = { position: [1, 2, 30] as Vec3, target: [1, 2, 3] as Vec3 };
    const order = delivered({
      isSeller: true,
      status: 'revision_requested',
      actions: ['deliver'],
      pinsResolvable: true,
      events: [
        buildEvent({ type: 'paid' }),
        buildEvent({ type: 'delivered', files: [file('crown0', 'crown-36-v1.stl', 'other')] }),
        buildEvent({ type: 'delivered', files: [crown] }),
        buildEvent({
          type: 'revision_requested',
          // Pin 1 from before the scene was kept with a pin; pin 2 an occlusion pin, placed with the upper jaw in view and
          // the prep hidden; pin 3 on the prep's margin with the design hidden; pin 4 placed while an earlier design was shown.
          pins: [
            pin(1, 'Open the distal contact', { camera: view, measurementMm: 0.42 }),
            pin(2, 'Deepen the fissure', { visibleFileIds: ['upper1', 'crown1'] }),
            pin(3, 'The margin is here', { fileId: 'scan1', visibleFileIds: ['scan1'] }),
            pin(4, 'Keep this cusp', { visibleFileIds: ['scan1', 'crown0'] }),
          ],
        }),
      ],
    });
    let refuse = false;
    const { api, user } = render(order, DESIGNER, {
      'PATCH /api/orders/o1/pins/p1': () => ({ body: pin(1, 'Open the distal contact', { resolved: true }) }),
      'PATCH /api/orders/o1/pins/p2': () => (refuse ? errorReply(409, 'Pins can be resolved only while you work on the revision.', 'CONFLICT') : { body: pin(2, 'x') }),
    });
    await loaded(3);
    // Nothing of the buyer's: no pin mode, no checklist.
    expect(screen.queryByRole('radio', { name: 'Place pin' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Review checklist' })).toBeNull();

    const pins = within(screen.getByTestId('pin-list')).getAllByRole('listitem');
    expect(pins.map((item) => within(item).getByText(/^Pin \d ·/).textContent)).toEqual(['Pin 1 · crown-36.stl', 'Pin 2 · crown-36.stl', 'Pin 3 · lower-prep-36.stl', 'Pin 4 · crown-36.stl']);
    expect(pins[0]).toHaveTextContent('Measured: 0.42 mm');
    // The designer hid the design; "Show" brings the pin's file back and takes the upper jaw, which the default view
    // looks through, out of the way; the layer boxes say so.
    await user.click(screen.getByRole('checkbox', { name: 'Show Design crown-36.stl' }));
    expect(scene.visible).toEqual({ scan1: true, upper1: true, crown1: false });
    await user.click(screen.getByRole('button', { name: 'Show pin 1 in the scene' }));
    expect(scene.lookedAt.at(-1)).toEqual({ point: [1, 2, 3], view });
    expect(scene.visible).toEqual({ scan1: true, upper1: false, crown1: true });
    expect(screen.getByRole('checkbox', { name: 'Show Upper jaw upper-antagonist.stl' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Show Design crown-36.stl' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Show pin 2 in the scene' }));
    expect(scene.lookedAt.at(-1)).toEqual({ point: [2, 2, 3], view: null });
    // The scene as the buyer pinned it: the upper jaw back, the prep out of view.
    expect(scene.visible).toEqual({ scan1: false, upper1: true, crown1: true });
    expect(screen.getByRole('checkbox', { name: 'Show Upper jaw upper-antagonist.stl' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Show Preparation lower-prep-36.stl' })).not.toBeChecked();
    // A margin pin placed with the design hidden: the design goes out of view again.
    await user.click(screen.getByRole('button', { name: 'Show pin 3 in the scene' }));
    expect(scene.visible).toEqual({ scan1: true, upper1: false, crown1: false });
    // Placed while the first design was shown: the design on screen stands for it and stays as it is.
    await user.click(screen.getByRole('button', { name: 'Show pin 4 in the scene' }));
    expect(scene.visible).toEqual({ scan1: true, upper1: false, crown1: false });
    await user.click(screen.getByRole('checkbox', { name: 'Show Design crown-36.stl' }));
    await user.click(screen.getByRole('button', { name: 'Show pin 4 in the scene' }));
    expect(scene.visible).toEqual({ scan1: true, upper1: false, crown1: true });

    await user.click(screen.getByRole('checkbox', { name: 'Pin 1 resolved' }));
    await waitFor(() => expect(api.to('PATCH /api/orders/o1/pins/p1')).toHaveLength(1));
    expect(api.to('PATCH /api/orders/o1/pins/p1')[0]!.body).toEqual({ resolved: true });

    refuse = true;
    const second = screen.getByRole('checkbox', { name: 'Pin 2 resolved' });
    fireEvent.click(second);
    expect(await screen.findByText('Pins can be resolved only while you work on the revision.')).toBeInTheDocument();
    expect(second).not.toBeChecked();
  });
});
