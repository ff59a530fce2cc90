import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@cusp/shared';
import { buildService } from '@/features/catalogue/test-data';
import { BUYER, buildIntent } from '@/features/orders/test-data';
import { errorReply, mockApi, type MockRoutes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const SANDBOX = { body: { provider: 'sandbox', publishableKey: null, currency: 'USD' } };
const COURSE = { _id: 'course-1', title: 'Digital smile design', description: 'Twelve lessons.', thumbnail: null, price: 99, lessons: [] };

function routes(overrides: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/services/svc-1': { body: buildService({ description: 'Anatomic full-contour crowns.' }) },
    'GET /api/payments/pay-1': { body: buildIntent() },
    'GET /api/payments/config': SANDBOX,
    'PATCH /api/orders': { body: {} },
    ...overrides,
  };
}

const location = () => screen.getByTestId('location');
const field = (name: string) => screen.getByRole('textbox', { name });

async function fillCard(user: ReturnType<typeof renderApp>['user'], number: string, expiry = '12/40') {
  await user.type(field('Card number'), number);
  await user.type(field('Expiry date'), expiry.replace('/', ''));
  await user.type(field('Security code (CVC)'), '123');
  await user.type(field('Name on card'), 'Lina Haddad');
}

describe('/pay/{type}/{id}', () => {
  it('sends any other type to /not-found', async () => {
    mockApi({}, { user: BUYER });
    renderApp('/pay/gift/abc');
    await waitFor(() => expect(location()).toHaveTextContent('/not-found'));
  });

  it('sends a service without an order to its page, with the order form open', async () => {
    mockApi({ 'GET /api/services/single/svc-1': { body: { ...buildService(), designer: { rating: 0, reviews: 0, completedOrders: 0, role: '', software: [], isVerified: false } } }, 'GET /api/reviews': { body: [] }, 'GET /api/preferences': { body: [] } }, { user: BUYER });
    renderApp('/pay/service/svc-1');
    await waitFor(() => expect(location()).toHaveTextContent('/services/svc-1?order=1'));
    expect(await screen.findByRole('dialog', { name: /Order this service/ })).toBeInTheDocument();
  });

  it("sends a missing item to /not-found and says 'Item not found or unavailable.'", async () => {
    mockApi(routes({ 'GET /api/services/svc-1': errorReply(404, 'Service not found.', 'SERVICE_NOT_FOUND') }), { user: BUYER });
    renderApp('/pay/service/svc-1?payment=pay-1');
    await waitFor(() => expect(location()).toHaveTextContent('/not-found'));
    expect(await screen.findByText('Item not found or unavailable.')).toBeInTheDocument();
  });

  it('shows the item (thumbnail, title, type, description, price) and the sandbox card form', async () => {
    mockApi(routes(), { user: BUYER });
    renderApp('/pay/service/svc-1?payment=pay-1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Zirconia crown design' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Picture of Zirconia crown design' })).toBeInTheDocument();
    expect(screen.getByText('Design service')).toBeInTheDocument();
    expect(screen.getByText('Anatomic full-contour crowns.')).toBeInTheDocument();
    expect(await screen.findByTestId('pay-total')).toHaveTextContent('$90.00'); // the server's total, not the unit price
    expect(screen.getByText('$45.00')).toBeInTheDocument();
    expect(await screen.findByText('Payment for Zirconia crown design')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $90.00' })).toBeInTheDocument();
    const cards = screen.getByRole('region', { name: 'Test cards (sandbox mode)' });
    expect(within(cards).getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(within(cards).getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(within(cards).getByText('4000 0000 0000 3220')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pay for Zirconia crown design · Cusp'));
  });

  it('checks the card fields with the shared messages before sending anything', async () => {
    const api = mockApi(routes(), { user: BUYER });
    const { user } = renderApp('/pay/service/svc-1?payment=pay-1');
    await user.click(await screen.findByRole('button', { name: 'Pay $90.00' }));
    expect(await screen.findByText(ORDER_MESSAGES.cardNumber)).toBeInTheDocument();
    expect(screen.getByText(ORDER_MESSAGES.cardExpiry)).toBeInTheDocument();
    expect(screen.getByText(ORDER_MESSAGES.cardCvc)).toBeInTheDocument();
    expect(screen.getByText(ORDER_MESSAGES.cardName)).toBeInTheDocument();

    await fillCard(user, '4242 4242', '01/20');
    await user.click(screen.getByRole('button', { name: 'Pay $90.00' }));
    expect(await screen.findByText(ORDER_MESSAGES.cardNumber)).toBeInTheDocument();
    await user.clear(field('Card number'));
    await user.type(field('Card number'), '4242424242424242');
    expect(field('Card number')).toHaveValue('4242 4242 4242 4242'); // grouped while typing
    expect(field('Expiry date')).toHaveValue('01/20');
    await user.click(screen.getByRole('button', { name: 'Pay $90.00' }));
    expect(await screen.findByText(ORDER_MESSAGES.cardExpired)).toBeInTheDocument();
    expect(api.to('POST /api/payments/pay-1/sandbox-pay')).toHaveLength(0);
  });

  it('pays with the test card and goes to /success?payment_intent=', async () => {
    const api = mockApi(routes({ 'POST /api/payments/pay-1/sandbox-pay': { body: { status: 'paid' } } }), { user: BUYER });
    const { user } = renderApp('/pay/service/svc-1?payment=pay-1');
    await screen.findByRole('button', { name: 'Pay $90.00' });
    await user.click(screen.getByRole('button', { name: 'Use the test card 4242 4242 4242 4242' }));
    expect(field('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.type(field('Expiry date'), '1240');
    await user.type(field('Security code (CVC)'), '123');
    await user.type(field('Name on card'), 'Lina Haddad');
    await user.click(screen.getByRole('button', { name: 'Pay $90.00' }));
    await waitFor(() => expect(location()).toHaveTextContent('/success?payment_intent=pay-1'));
    expect(api.to('POST /api/payments/pay-1/sandbox-pay')[0]!.body).toEqual({
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      name: 'Lina Haddad',
    });
  });

  it("says 'Your card was declined.' and stays", async () => {
    mockApi(routes({ 'POST /api/payments/pay-1/sandbox-pay': { body: { status: 'failed', message: ORDER_MESSAGES.paymentDeclined } } }), { user: BUYER });
    const { user } = renderApp('/pay/service/svc-1?payment=pay-1');
    await screen.findByRole('button', { name: 'Pay $90.00' });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $90.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.paymentDeclined);
    expect(location()).toHaveTextContent('/pay/service/svc-1?payment=pay-1');
  });

  it('puts the server’s card field errors on the fields', async () => {
    mockApi(
      routes({ 'POST /api/payments/pay-1/sandbox-pay': errorReply(400, 'Please check the card.', 'VALIDATION', { cvc: ORDER_MESSAGES.cardCvc }) }),
      { user: BUYER },
    );
    const { user } = renderApp('/pay/service/svc-1?payment=pay-1');
    await screen.findByRole('button', { name: 'Pay $90.00' });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $90.00' }));
    expect(await screen.findByText(ORDER_MESSAGES.cardCvc)).toBeInTheDocument();
    expect(field('Security code (CVC)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('3-D Secure: Approve pays', async () => {
    const api = mockApi(
      routes({
        'POST /api/payments/pay-1/sandbox-pay': { body: { status: 'requires_action' } },
        'POST /api/payments/pay-1/sandbox-confirm': ({ body }) => ({ body: { status: (body as { approve: boolean }).approve ? 'paid' : 'failed' } }),
      }),
      { user: BUYER },
    );
    const { user } = renderApp('/pay/service/svc-1?payment=pay-1');
    await screen.findByRole('button', { name: 'Pay $90.00' });
    await fillCard(user, '4000 0000 0000 3220');
    await user.click(screen.getByRole('button', { name: 'Pay $90.00' }));
    const bank = await screen.findByRole('dialog', { name: 'Confirm this payment with your bank' });
    expect(within(bank).getByText(/confirm a card payment of \$90\.00/)).toBeInTheDocument();
    await user.click(within(bank).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(location()).toHaveTextContent('/success?payment_intent=pay-1'));
    expect(api.to('POST /api/payments/pay-1/sandbox-confirm')[0]!.body).toEqual({ approve: true });
  });

  it('3-D Secure: Decline closes the question and says the card was declined', async () => {
    const api = mockApi(
      routes({
        'POST /api/payments/pay-1/sandbox-pay': { body: { status: 'requires_action' } },
        'POST /api/payments/pay-1/sandbox-confirm': { body: { status: 'failed' } },
      }),
      { user: BUYER },
    );
    const { user } = renderApp('/pay/service/svc-1?payment=pay-1');
    await screen.findByRole('button', { name: 'Pay $90.00' });
    await fillCard(user, '4000000000003220');
    await user.click(screen.getByRole('button', { name: 'Pay $90.00' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent(ORDER_MESSAGES.paymentDeclined);
    expect(api.to('POST /api/payments/pay-1/sandbox-confirm')[0]!.body).toEqual({ approve: false });
    expect(location()).toHaveTextContent('/pay/service/svc-1?payment=pay-1');
  });

  it('a payment already made (409) offers to continue to the confirmation', async () => {
    mockApi(routes({ 'POST /api/payments/pay-1/sandbox-pay': errorReply(409, ORDER_MESSAGES.paymentAlreadyDone, 'PAYMENT_ALREADY_DONE') }), { user: BUYER });
    const { user } = renderApp('/pay/service/svc-1?payment=pay-1');
    await screen.findByRole('button', { name: 'Pay $90.00' });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $90.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.paymentAlreadyDone);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location()).toHaveTextContent('/success?payment_intent=pay-1'));
  });

  it("says 'Payment not found.' for someone else's or an unknown payment", async () => {
    mockApi(routes({ 'GET /api/payments/pay-1': errorReply(404, ORDER_MESSAGES.paymentNotFound, 'PAYMENT_NOT_FOUND') }), { user: BUYER });
    renderApp('/pay/service/svc-1?payment=pay-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.paymentNotFound);
    expect(screen.getByRole('link', { name: 'Order again' })).toHaveAttribute('href', '/services/svc-1?order=1');
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
  });

  it('explains that a Stripe or Moyasar card form is not part of this build', async () => {
    mockApi(routes({ 'GET /api/payments/config': { body: { provider: 'stripe', publishableKey: 'pk_test', currency: 'USD' } } }), { user: BUYER });
    renderApp('/pay/service/svc-1?payment=pay-1');
    expect(await screen.findByText('The card form is served by Stripe and is not available in this build.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
  });

  it('a course: makes its payment here, then goes to /thank-you with the course and transaction', async () => {
    const intent = buildIntent({ _id: 'pay-c', orderId: null, courseId: 'course-1', amount: 99, description: 'Payment for Digital smile design' });
    const api = mockApi(
      {
        'GET /api/courses/course-1': { body: COURSE },
        'POST /api/payments/intents': { status: 201, body: intent },
        'GET /api/payments/pay-c': { body: intent },
        'GET /api/payments/config': SANDBOX,
        'POST /api/payments/pay-c/sandbox-pay': { body: { status: 'paid' } },
      },
      { user: BUYER },
    );
    const { user } = renderApp('/pay/course/course-1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Digital smile design' })).toBeInTheDocument();
    expect(screen.getByText('Course')).toBeInTheDocument();
    expect(await screen.findByText('Payment for Digital smile design')).toBeInTheDocument();
    expect(api.to('POST /api/payments/intents').map((r) => r.body)).toEqual([{ type: 'course', id: 'course-1' }]);
    await waitFor(() => expect(location()).toHaveTextContent('/pay/course/course-1?payment=pay-c'));
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $99.00' }));
    await waitFor(() => expect(location()).toHaveTextContent('/thank-you?status=success&courseId=course-1&transactionId=pay-c'));
    expect(api.to('POST /api/payments/intents')).toHaveLength(1);
  });

  it('shows the card form in Arabic, with the messages translated', async () => {
    const { setLanguage } = await import('@/lib/i18n');
    await setLanguage('ar', { persist: false });
    mockApi(routes(), { user: BUYER });
    const { user } = renderApp('/pay/service/svc-1?payment=pay-1');
    const pay = await screen.findByRole('button', { name: /^ادفع/ });
    await user.click(pay);
    expect(await screen.findByText('يُرجى إدخال رقم بطاقة صالح.')).toBeInTheDocument();
    expect(screen.getByText('يُرجى إدخال الاسم المكتوب على البطاقة.')).toBeInTheDocument();
  });
});
