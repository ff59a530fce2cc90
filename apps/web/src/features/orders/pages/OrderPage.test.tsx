import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type OrderDetailJson } from '@cusp/shared';
import { FakeXhr } from '@/features/files/test-utils';
import { errorReply, mockApi, type MockRoutes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { BUYER, DESIGNER, buildEvent, buildOrderDetail, buildOrderFile, buildReview } from '../test-data';

const ACTION_BUTTONS = ['Pay for this order', 'Deliver', 'Accept the delivery', 'Request a revision', 'Post the review', 'Cancel the order'];

function shownActions() {
  const panel = screen.getByRole('region', { name: 'Next step' });
  return ACTION_BUTTONS.filter((name) => within(panel).queryByRole(name === 'Pay for this order' ? 'link' : 'button', { name }));
}

const RECEIPT = { _id: 'r-1', kind: 'receipt', number: 'CUSP-2026-000123', receiptNumber: 'CUSP-2026-000123', paymentId: 'p-1', role: 'buyer', itemType: 'service', itemId: 'o1', title: 'Zirconia crown design', amount: 90, currency: 'USD', issuedAt: '2026-11-20T10:00:00.000Z', pdfUrl: '/api/payments/p-1/receipt.pdf' };

function render(order: OrderDetailJson, user = order.isSeller ? DESIGNER : BUYER, routes: MockRoutes = {}) {
  // A paid order's receipts (docs/product.md §6.7): the one of order o1 in this file, none for the others.
  const receipts = order._id === 'o1' ? [RECEIPT] : [];
  const api = mockApi({ [`GET /api/orders/${order._id}`]: { body: order }, 'GET /api/billing': { body: { documents: receipts, statementMonths: [] } }, ...routes }, { user });
  return { api, ...renderApp(`/orders/${order._id}`) };
}

beforeEach(() => FakeXhr.install());

describe('/orders/{id}', () => {
  it('lists a revision request\'s pins in the history and offers the 3D review of the case', async () => {
    const scan = buildOrderFile({ _id: 'scan1', name: 'lower-prep.stl', url: '/api/orders/o9/files/scan1' });
    const crown = buildOrderFile({ _id: 'crown1', name: 'crown-36.stl', url: '/api/orders/o9/files/crown1' });
    const pin = (number: number, note: string, resolved: boolean) => ({ _id: `p${number}`, number, fileId: 'crown1', x: 1, y: 2, z: 3, note, camera: null, measurementMm: null, visibleFileIds: null, resolved, resolvedAt: null });
    const order = buildOrderDetail({
      _id: 'o9',
      status: 'revision_requested',
      attachments: [scan],
      events: [
        buildEvent({ type: 'delivered', files: [crown] }),
        buildEvent({ type: 'revision_requested', note: null, pins: [pin(1, 'Open the distal contact', true), pin(2, 'Deepen the fissure', false)] }),
      ],
    });
    render(order);
    const pins = within(await screen.findByTestId('event-pins')).getAllByRole('listitem');
    expect(pins.map((item) => item.textContent)).toEqual(['Pin 1 · crown-36.stl: Open the distal contact (Resolved)', 'Pin 2 · crown-36.stl: Deepen the fissure']);
    expect(screen.getByRole('link', { name: 'Review in 3D (2 files)' })).toHaveAttribute('href', '/orders/o9/review');
  });

  it('shows the requirements, teeth, attachments, summary and the history', async () => {
    const scan = buildOrderFile({ name: 'upper-scan.stl', url: '/api/orders/o1/files/f1' });
    const order = buildOrderDetail({
      _id: 'o1',
      attachments: [scan],
      events: [buildEvent({ type: 'created' }), buildEvent({ type: 'paid', actor: null, note: null })],
    });
    render(order);
    expect(await screen.findByRole('heading', { level: 1, name: 'Zirconia crown design' })).toBeInTheDocument();
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(screen.getByText('Designer: dr.designer')).toBeInTheDocument();
    expect(screen.getByText('Zirconia, shade A2, chamfer margin.')).toBeInTheDocument();
    expect(screen.getByTestId('selected-teeth')).toHaveTextContent('2 teeth chosen: 11, 21');
    expect(screen.getByTestId('order-price')).toHaveTextContent('$90.00');
    expect(screen.getByTestId('revisions-left')).toHaveTextContent('1 of 1');
    expect(await screen.findByRole('link', { name: 'Receipt CUSP-2026-000123' })).toHaveAttribute('href', '/api/payments/p-1/receipt.pdf?lang=en');
    const files = screen.getByRole('list', { name: 'Case files' });
    expect(within(files).getByRole('link', { name: 'Download upper-scan.stl' })).toHaveAttribute('href', '/api/orders/o1/files/f1');
    expect(within(files).getByRole('button', { name: 'View upper-scan.stl in 3D' })).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Order placed')).toBeInTheDocument();
    expect(within(history).getByText('Payment received, held in escrow')).toBeInTheDocument();
    expect(within(history).getByText(/by demo_buyer/)).toBeInTheDocument();
    expect(within(history).getByText(/by Cusp/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Zirconia crown design · Cusp'));
  });

  it.each<[string, OrderDetailJson['actions'], boolean, string[]]>([
    ['designer, in progress', ['deliver', 'cancel'], true, ['Deliver', 'Cancel the order']],
    ['buyer, in progress', ['cancel'], false, ['Cancel the order']],
    ['buyer, delivered', ['accept', 'revision'], false, ['Accept the delivery', 'Request a revision']],
    ['buyer, completed', ['review'], false, ['Post the review']],
    ['buyer, awaiting payment', ['pay', 'cancel'], false, ['Pay for this order', 'Cancel the order']],
  ])('%s: shows exactly the actions the server lists', async (_, actions, isSeller, expected) => {
    render(buildOrderDetail({ _id: 'o2', actions, isSeller, paymentId: actions.includes('pay') ? 'pay-2' : null }));
    await screen.findByRole('heading', { level: 1 });
    expect(shownActions()).toEqual(expected);
  });

  it('with no action, says whose turn it is', async () => {
    render(buildOrderDetail({ _id: 'o3', status: 'delivered', isSeller: true, actions: [] }));
    expect(await screen.findByTestId('no-actions')).toHaveTextContent('Waiting for the buyer to accept the design or ask for a revision.');
    expect(shownActions()).toEqual([]);
  });

  it('the designer delivers: at least one file, uploaded with progress, and a note', async () => {
    const order = buildOrderDetail({ _id: 'o4', isSeller: true, actions: ['deliver', 'cancel'] });
    const delivered = buildOrderDetail({
      ...order,
      status: 'delivered',
      actions: [],
      events: [...order.events, buildEvent({ type: 'delivered', note: 'Margins checked.', files: [buildOrderFile({ name: 'crown.stl', url: '/api/orders/o4/files/d1' })] })],
    });
    const { api, user } = render(order, DESIGNER, { 'POST /api/orders/o4/deliver': { body: delivered } });
    await user.click(await screen.findByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText(ORDER_MESSAGES.deliveryNeedsFiles)).toBeInTheDocument();
    expect(api.to('POST /api/orders/o4/deliver')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Design files'), { target: { files: [new File([new Uint8Array(684)], 'crown.stl')] } });
    act(() => FakeXhr.last().progress(100, 684));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress of crown.stl' })).toBeInTheDocument();
    act(() => FakeXhr.last().respond(201, buildOrderFile({ _id: '7d4c2d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f', name: 'crown.stl' })));
    await screen.findByText(/Uploaded ·/);
    await user.type(screen.getByLabelText('Note to the buyer'), 'Margins checked.');
    await user.click(screen.getByRole('button', { name: 'Deliver' }));

    expect(await screen.findByText('Design delivered')).toBeInTheDocument();
    expect(api.to('POST /api/orders/o4/deliver')[0]!.body).toEqual({ note: 'Margins checked.', files: ['7d4c2d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f'] });
    expect(screen.getByText('Delivered', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View crown.stl in 3D' })).toBeInTheDocument();
    expect(screen.getByTestId('no-actions')).toBeInTheDocument();
  });

  it('the buyer asks for a revision (a note is required) and sees how many are left', async () => {
    const order = buildOrderDetail({ _id: 'o5', status: 'delivered', revisionsIncluded: 2, revisionsUsed: 0, actions: ['accept', 'revision'] });
    const after = buildOrderDetail({ ...order, status: 'revision_requested', revisionsUsed: 1, actions: [] });
    const { api, user } = render(order, BUYER, { 'POST /api/orders/o5/revision': { body: after } });
    expect(await screen.findByTestId('revisions-left-hint')).toHaveTextContent('2 revisions left.');
    await user.click(screen.getByRole('button', { name: 'Request a revision' }));
    await user.click(screen.getByRole('button', { name: 'Send the revision request' }));
    expect(await screen.findByText(ORDER_MESSAGES.revisionNeedsNote)).toBeInTheDocument();
    expect(api.to('POST /api/orders/o5/revision')).toHaveLength(0);
    await user.type(screen.getByLabelText('What should change?'), 'Open the contact on 21 a little.');
    // the teeth it concerns, among the prescribed ones (11 and 21)
    await user.click(screen.getAllByLabelText(/^Teeth this revision concerns/)[0]!);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['11', '21']);
    await user.click(screen.getByRole('option', { name: '21' }));
    await user.click(screen.getByRole('button', { name: 'Send the revision request' }));
    expect(await screen.findByText('Revision requested', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(api.to('POST /api/orders/o5/revision')[0]!.body).toEqual({ note: 'Open the contact on 21 a little.', units: [21], pins: [], checklist: [] });
    expect(screen.getByTestId('revisions-left')).toHaveTextContent('1 of 2');
  });

  it('accepting asks once more, then completes the order', async () => {
    const order = buildOrderDetail({ _id: 'o6', status: 'delivered', actions: ['accept', 'revision'] });
    const { api, user } = render(order, BUYER, {
      'POST /api/orders/o6/accept': { body: buildOrderDetail({ ...order, status: 'completed', actions: ['review'] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept the delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the delivery?' });
    expect(within(dialog).getByText(/payment is released to the designer/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Accept and complete' }));
    expect(await screen.findByText('Completed', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(api.to('POST /api/orders/o6/accept')[0]!.body).toEqual({});
    expect(shownActions()).toEqual(['Post the review']);
  });

  it('cancelling confirms, mentions the refund and sends the reason; a 409 is shown', async () => {
    const order = buildOrderDetail({ _id: 'o7', isSeller: true, actions: ['deliver', 'cancel'] });
    let reply: { status?: number; body: unknown } = errorReply(409, ORDER_MESSAGES.wrongStatus, 'ORDER_WRONG_STATUS') as { status: number; body: unknown };
    const { api, user } = render(order, DESIGNER, { 'POST /api/orders/o7/cancel': () => reply });
    await user.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByText(/refunded in full/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Scan is incomplete.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.wrongStatus);

    reply = { body: buildOrderDetail({ ...order, status: 'cancelled', actions: [] }) };
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('Cancelled', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(api.to('POST /api/orders/o7/cancel').map((r) => r.body)).toEqual([{ reason: 'Scan is incomplete.' }, { reason: 'Scan is incomplete.' }]);
  });

  it('review form: stars and text are required, then the review is posted once', async () => {
    const order = buildOrderDetail({ _id: 'o8', status: 'completed', actions: ['review'] });
    let current = order;
    const { api, user } = render(order, BUYER, {
      'GET /api/orders/o8': () => ({ body: current }),
      'POST /api/reviews': ({ body }) => {
        const review = buildReview({ orderId: 'o8', ...(body as object) });
        current = { ...order, review, actions: [] };
        return { status: 201, body: review };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Post the review' }));
    expect(await screen.findByText(ORDER_MESSAGES.reviewStar)).toBeInTheDocument();
    expect(screen.getByText(ORDER_MESSAGES.reviewText)).toBeInTheDocument();
    expect(api.to('POST /api/reviews')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.tab(); // the choice stays when focus leaves
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.type(screen.getByLabelText('Your review'), 'Perfect fit.');
    await user.click(screen.getByRole('button', { name: 'Post the review' }));
    expect(await screen.findByText('Thank you for your review!')).toBeInTheDocument();
    expect(api.to('POST /api/reviews')[0]!.body).toEqual({ orderId: 'o8', star: 5, desc: 'Perfect fit.' });
    const review = await screen.findByRole('region', { name: 'Review' });
    expect(within(review).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(review).getByText('Perfect fit.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post the review' })).not.toBeInTheDocument();
  });

  it("refuses someone who is not a party: 'You are not a party to this order.'", async () => {
    mockApi({ 'GET /api/orders/o9': errorReply(403, ORDER_MESSAGES.notParticipant, 'ORDER_NOT_A_PARTY') }, { user: BUYER });
    renderApp('/orders/o9');
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.notParticipant);
    expect(screen.queryByRole('region', { name: 'Next step' })).not.toBeInTheDocument();
  });

  it("says 'Order not found.' for an unknown order", async () => {
    mockApi({ 'GET /api/orders/nope': errorReply(404, ORDER_MESSAGES.notFound, 'ORDER_NOT_FOUND') }, { user: BUYER });
    renderApp('/orders/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.notFound);
  });

  it('shows the history and actions in Arabic', async () => {
    const { setLanguage } = await import('@/lib/i18n');
    await setLanguage('ar', { persist: false });
    const revision = buildEvent({ type: 'revision_requested', checklist: [{ item: 'contacts', note: '' }, { item: 'occlusion', note: 'High on 36' }] });
    render(buildOrderDetail({ _id: 'o10', status: 'delivered', actions: ['accept', 'revision'], events: [buildEvent({ type: 'created' }), revision] }));
    expect(await screen.findByRole('button', { name: 'قبول التسليم' })).toBeInTheDocument();
    expect(screen.getByText('تم إنشاء الطلب')).toBeInTheDocument();
    // The buyer's checklist, sent by code, reads in Arabic whatever language it was written in (docs/decisions/0059).
    const items = within(screen.getByTestId('event-checklist')).getAllByRole('listitem');
    expect(items[0]).not.toHaveTextContent(/[A-Za-z]/u);
    expect(items[0]).toHaveTextContent('انظر الدبابيس');
    expect(items[1]).toHaveTextContent('High on 36');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  });
});
