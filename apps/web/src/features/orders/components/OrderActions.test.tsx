import { screen, within } from '@testing-library/react';
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

  it('a designer is shown the cancel button only when the server offers it', async () => {
    await render(buildOrderDetail({ _id: 'p3', status: 'in_progress', isSeller: true, actions: ['deliver'] }));
    expect(shown()).toEqual(['Deliver']);
  });
});
