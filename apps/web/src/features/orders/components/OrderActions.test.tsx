import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type OrderDetailJson } from '@cusp/shared';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { BUYER, DESIGNER, buildOrderDetail } from '../test-data';

/**
 * The buttons come from the order JSON's `actions` and the refusals from `unavailable`, never from the status or the
 * counters (docs/decisions/0030): an order whose status and counters say one thing and whose policies say another
 * shows what the policies say.
 */
const BUTTONS = ['Pay for this order', 'Deliver', 'Accept the delivery', 'Request a revision', 'Post the review', 'Cancel the order'];

function shown() {
  const panel = screen.getByRole('region', { name: 'Next step' });
  return BUTTONS.filter((name) => within(panel).queryByRole(name === 'Pay for this order' ? 'link' : 'button', { name }));
}

async function render(order: OrderDetailJson) {
  mockApi({ [`GET /api/orders/${order._id}`]: { body: order } }, { user: order.isSeller ? DESIGNER : BUYER });
  renderApp(`/orders/${order._id}`);
  await screen.findByRole('heading', { level: 1 });
}

describe('OrderActions shows the server policies, and works out none of its own', () => {
  it('a delivered order with revisions left but no `revision` action shows no revision button', async () => {
    await render(buildOrderDetail({ _id: 'p1', status: 'delivered', revisionsIncluded: 3, revisionsUsed: 0, actions: ['accept'] }));
    expect(shown()).toEqual(['Accept the delivery']);
    expect(screen.queryByTestId('revision-unavailable')).not.toBeInTheDocument();
  });

  it('says why a revision is refused when the server says so, in the reader’s language', async () => {
    await render(
      buildOrderDetail({ _id: 'p2', status: 'delivered', revisionsIncluded: 1, revisionsUsed: 1, actions: ['accept'], unavailable: { revision: ORDER_MESSAGES.noRevisionsLeft } }),
    );
    expect(shown()).toEqual(['Accept the delivery']);
    expect(screen.getByTestId('revision-unavailable')).toHaveTextContent('All included revisions have been used.');
  });

  it('a designer asks for more time with days and a reason; the shared rules speak first', async () => {
    const order = buildOrderDetail({ _id: 'p4', status: 'in_progress', isSeller: true, actions: ['deliver', 'cancel', 'extension'] });
    const api = mockApi(
      {
        'GET /api/orders/p4': { body: order },
        'POST /api/orders/p4/extension': { body: { ...order, extension: { days: 3, reason: 'Scan unclear.' }, actions: ['deliver', 'cancel'] } },
      },
      { user: DESIGNER },
    );
    const { user } = renderApp('/orders/p4');
    await user.click(await screen.findByRole('button', { name: 'Ask for more time' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask the buyer for more time' });
    // Empty (the field itself keeps typed numbers within 1-30).
    await user.clear(within(dialog).getByLabelText('Extra days'));
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await within(dialog).findByText('Please ask for 1 to 30 more days.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please say why more time is needed.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Extra days'));
    await user.type(within(dialog).getByLabelText('Extra days'), '3');
    await user.type(within(dialog).getByLabelText('Why more time is needed'), 'Scan unclear.');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(api.to('POST /api/orders/p4/extension').map((r) => r.body)).toEqual([{ days: 3, reason: 'Scan unclear.' }]));
    expect(await screen.findByTestId('extension-waiting')).toHaveTextContent('You asked for 3 more days. Waiting for the buyer’s answer.');
  });

  it('the buyer reads a waiting request and accepts or declines it', async () => {
    const order = buildOrderDetail({ _id: 'p5', status: 'in_progress', extension: { days: 2, reason: 'Margin.' }, actions: ['cancel', 'extensionAccept', 'extensionDecline'] });
    const api = mockApi(
      {
        'GET /api/orders/p5': { body: order },
        'POST /api/orders/p5/extension/decline': { body: { ...order, extension: null, actions: ['cancel'] } },
      },
      { user: BUYER },
    );
    const { user } = renderApp('/orders/p5');
    const request = await screen.findByTestId('extension-request');
    // The name and the reason are isolated (U+2068 … U+2069) so they read whole in Arabic too.
    expect(request.textContent?.replace(/[\u2068\u2069]/g, '')).toContain('dr.designer asks for 2 more days: “Margin.”');
    expect(within(request).getByRole('button', { name: 'Accept the new due date' })).toBeInTheDocument();
    await user.click(within(request).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.to('POST /api/orders/p5/extension/decline')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('extension-request')).not.toBeInTheDocument());
  });

  it('a designer is shown the cancel button only when the server offers it', async () => {
    await render(buildOrderDetail({ _id: 'p3', status: 'in_progress', isSeller: true, actions: ['deliver'] }));
    expect(shown()).toEqual(['Deliver']);
  });

  it('a designer asks for new scans with a reason; the page then says the due date is paused', async () => {
    const order = buildOrderDetail({ _id: 'r1', status: 'in_progress', isSeller: true, actions: ['deliver', 'cancel', 'extension', 'rescan'] });
    const waiting = { ...order, waitingForScans: true, rescanReason: 'The margin on 36 is not captured.', dueAt: null, dueRemainingMs: 2 * 86_400_000 + 3 * 3_600_000, actions: ['deliver', 'cancel', 'extension'] };
    const api = mockApi({ 'GET /api/orders/r1': { body: order }, 'POST /api/orders/r1/rescan': { body: waiting } }, { user: DESIGNER });
    const { user } = renderApp('/orders/r1');
    await user.click(await screen.findByRole('button', { name: 'Ask for new scans' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask the buyer for new scans' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await within(dialog).findByText('Please say what is wrong with the scans (up to 2,000 characters).')).toBeInTheDocument();
    expect(api.to('POST /api/orders/r1/rescan')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('What is wrong with the scans'), 'The margin on 36 is not captured.');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(api.to('POST /api/orders/r1/rescan').map((r) => r.body)).toEqual([{ reason: 'The margin on 36 is not captured.' }]));
    const notice = await screen.findByTestId('rescan-waiting');
    expect(notice).toHaveTextContent('The margin on 36 is not captured.');
    expect(notice).toHaveTextContent('Time left when it was paused: 2 d 3 h.');
    expect(screen.getByTestId('due-paused')).toHaveTextContent('Paused');
    expect(screen.queryByRole('button', { name: 'Ask for new scans' })).not.toBeInTheDocument();
  });

  it('the buyer asked for new scans reads why and gets the form to send them at once', async () => {
    const order = buildOrderDetail({ _id: 'r2', status: 'in_progress', waitingForScans: true, rescanReason: 'Blurry bite.', dueAt: null, dueRemainingMs: -3_600_000, actions: ['cancel', 'caseFiles'] });
    const api = mockApi({ 'GET /api/orders/r2': { body: order } }, { user: BUYER });
    const { user } = renderApp('/orders/r2');
    const notice = await screen.findByTestId('rescan-waiting');
    expect(notice).toHaveTextContent('Blurry bite.');
    expect(notice).toHaveTextContent('It was already late by 0 d 1 h when it was paused.');
    const form = screen.getByRole('form', { name: 'Send the new scans' });
    await user.click(within(form).getByRole('button', { name: 'Send the files' }));
    expect(await within(form).findByText('Please attach at least one scan file.')).toBeInTheDocument();
    expect(api.to('POST /api/orders/r2/case-files')).toHaveLength(0);
  });

  it('once the included revisions are used, the buyer is offered an extra one at its price, through the payment page', async () => {
    await render(
      buildOrderDetail({
        _id: 'r3',
        status: 'delivered',
        revisionsIncluded: 1,
        revisionsUsed: 1,
        extraRevisionPrice: 12.5,
        actions: ['accept', 'dispute', 'buyRevision'],
        unavailable: { revision: ORDER_MESSAGES.noRevisionsLeft },
      }),
    );
    const link = screen.getByRole('link', { name: 'Buy an extra revision' });
    expect(link).toHaveAttribute('href', '/pay/revision/r3');
    expect(screen.getByTestId('extra-revision-price')).toHaveTextContent('One more revision for $12.50, paid like the order.');
  });

  it('no extra revision is offered when the server does not offer it', async () => {
    await render(buildOrderDetail({ _id: 'r4', status: 'delivered', revisionsIncluded: 1, revisionsUsed: 1, extraRevisionPrice: 12.5, actions: ['accept'] }));
    expect(screen.queryByRole('link', { name: 'Buy an extra revision' })).not.toBeInTheDocument();
  });
});
