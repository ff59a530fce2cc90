import { expect, newLivePage, test } from './fixtures';
import type { Browser, Page } from '@playwright/test';
import { binaryStl, DEMO_BUYER, expectAccessible, logIn } from './helpers';

const DEMO_DESIGNER = { email: 'designer@cusp.test', password: 'designer-demo-1', username: 'demo_designer' };
const ADMIN = { email: 'admin@cusp.test', password: 'admin-demo-1' };

const stl = (name: string) => ({ name, mimeType: 'model/stl', buffer: binaryStl(name) });

/** A page in its own browser context, logged in through the API. */
async function loggedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }): Promise<Page> {
  const page = await newLivePage(browser, { baseURL });
  const login = await page.request.post('/api/auth/login', { data: who, headers: { origin: baseURL } });
  expect(login.ok()).toBe(true);
  return page;
}

/** Next year's December, as MM/YY typed without the slash (the form adds it). */
const futureExpiry = () => `12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

test('order with a tooth chart, pay by sandbox card, deliver, revise, deliver again, accept and review', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000); // one more page (the list, found by number) than before the order desk, on a shared 2-core machine

  // A new service of the demo designer (so its rating starts empty).
  const designer = await loggedInPage(browser, baseURL!, DEMO_DESIGNER);
  const title = `E2E crown ${Date.now().toString(36)}`;
  const created = await designer.request.post('/api/services', {
    data: { title, description: 'Anatomic zirconia crowns, per unit.', toothPrice: 40, unitOrArch: 'unit', tags: ['Crown'], deliveryTime: 2, revisions: 1 },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const serviceId = ((await created.json()) as { _id: string })._id;

  // 1. The buyer logs in and orders it: teeth 11 and 21 set two units, a case scan is attached.
  await page.goto(`/login?redirect=/services/${serviceId}`);
  await logIn(page, DEMO_BUYER.email, DEMO_BUYER.password);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('New', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Order Service' }).click();
  const form = page.getByRole('dialog', { name: /Order this service/ });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: /^Tooth 11,/ }).click();
  await form.getByRole('button', { name: /^Tooth 21,/ }).click();
  // Each tooth is a unit of the prescription (docs/product.md §5.1), priced by the server.
  await expect(form.getByText('Units · 2 units')).toBeVisible();
  await expect(form.getByTestId('quote-line')).toHaveText('2 × $40.00 = $80.00');
  await expect(form.getByTestId('order-total')).toHaveText('$80.00');
  await form.getByLabel(/^Notes/).fill('Zirconia, shade A2, chamfer margin.');
  await form.getByLabel('Case files').setInputFiles(stl('upper-scan.stl'));
  await expect(form.getByText(/^Uploaded ·/)).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  // 2. The payment page: the item, the server's total, the sandbox card form.
  await expect(page).toHaveURL(new RegExp(`/pay/service/${serviceId}\\?payment=[0-9a-f-]+$`));
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByTestId('pay-total')).toHaveText('$80.00');
  await expect(page.getByText(`Payment for ${title}`)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').pressSequentially(futureExpiry());
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Demo Buyer');
  await page.getByRole('button', { name: 'Pay $80.00' }).click();

  // 3. Confirmation: the buyer lands on the new order, which says the payment arrived (docs/product.md §3.6).
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+$/, { timeout: 12_000 });
  const orderPath = new URL(page.url()).pathname;
  const orderId = orderPath.split('/').pop()!;
  await expect(page.getByTestId('paid-notice')).toContainText(/^Payment received\. Order C-\d+ is now with the designer\.$/);
  const number = (await page.getByTestId('order-number').textContent())!;
  // The orders list shows it by its number, with the designer, units, price and status.
  await page.goto('/orders');
  const row = page.getByRole('table', { name: 'Active' }).getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(title.slice(0, 30));
  await expect(row).toContainText('In progress');
  await expect(row).toContainText('$80.00');
  await expect(row).toContainText('2 units');
  await expect(row).toContainText(DEMO_DESIGNER.username);
  await expect(row).toContainText('left');
  await expectAccessible(page);
  await row.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('selected-teeth')).toHaveText('2 teeth chosen: 11, 21');
  await expect(page.getByRole('link', { name: 'Download upper-scan.stl' })).toBeVisible();
  await expectAccessible(page);

  // Nobody else can read the order or its files (docs/product.md §5.9).
  const outsider = await loggedInPage(browser, baseURL!, ADMIN);
  expect((await outsider.request.get(`/api/orders/${orderId}`)).status()).toBe(403);
  await outsider.context().close();

  // 4. The designer delivers an STL, which opens in the 3D viewer.
  await designer.goto(orderPath);
  await expect(designer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await designer.getByLabel('Design files').setInputFiles(stl('crown-v1.stl'));
  await expect(designer.getByText(/^Uploaded ·/)).toBeVisible();
  await designer.getByLabel('Note to the buyer').fill('First design, margins checked.');
  await designer.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(designer.getByText('The design was delivered.')).toBeVisible();
  // The buyer's turn now: all the designer may still do is offer part of the price back (docs/product.md §5.11).
  await expect(designer.getByRole('button', { name: 'Offer a partial refund' })).toBeVisible();
  await expect(designer.getByRole('button', { name: 'Deliver', exact: true })).toHaveCount(0);
  await designer.getByRole('button', { name: 'View crown-v1.stl in 3D' }).click();
  const viewer = designer.getByRole('dialog', { name: 'Preview of crown-v1.stl' });
  await expect(viewer.getByRole('img', { name: '3D preview of crown-v1.stl' })).toBeVisible();
  await expect(viewer.getByText('10 × 10 × 10 mm')).toBeVisible(); // loaded and measured
  await expectAccessible(designer);
  await viewer.getByRole('button', { name: 'Close' }).click();

  // 5. The buyer asks for a revision (one included).
  await page.reload();
  await expect(page.getByTestId('revisions-left-hint')).toHaveText('1 revision left.');
  await page.getByRole('button', { name: 'Request a revision' }).click();
  await page.getByLabel('What should change?').fill('Open the contact on 21 a little.');
  await page.getByRole('button', { name: 'Send the revision request' }).click();
  await expect(page.getByText('Revision requested').first()).toBeVisible();
  await expect(page.getByTestId('revisions-left')).toHaveText('0 of 1');

  // 6. The designer delivers again.
  await designer.reload();
  await expect(designer.getByRole('heading', { level: 3, name: 'Deliver the revised design' })).toBeVisible();
  await designer.getByLabel('Design files').setInputFiles(stl('crown-v2.stl'));
  await expect(designer.getByText(/^Uploaded ·/)).toBeVisible();
  await designer.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(designer.getByText('The design was delivered.')).toBeVisible();

  // 7. The buyer accepts (no revision left) and reviews with 5 stars; the designer is paid out of escrow.
  const balance = async () => (await (await designer.request.get('/api/orders/balance')).json()) as { escrow: number; available: number; feePercent: number };
  const before = await balance();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Request a revision' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Accept the delivery' }).click();
  await page.getByRole('dialog', { name: 'Accept the delivery?' }).getByRole('button', { name: 'Accept and complete' }).click();
  await expect(page.getByText('Completed').first()).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  for (const event of ['Order placed', 'Payment received, held in escrow', 'Design delivered', 'Revision requested', 'Order completed']) {
    await expect(history.getByText(event).first()).toBeVisible();
  }
  await page.getByRole('radio', { name: '5 stars' }).locator('xpath=..').click(); // the star is the radio's label
  await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await page.getByLabel('Your review').fill('Perfect fit on the first try after the revision.');
  await page.getByRole('button', { name: 'Post the review' }).click();
  await expect(page.getByText('Thank you for your review!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Review' }).getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  await expectAccessible(page);

  // 8. The rating shows on the service detail, with the review.
  await page.goto(`/services/${serviceId}`);
  await expect(page.getByText('5 (1 review)')).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Perfect fit on the first try after the revision.')).toBeVisible();
  await expect(reviews.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();

  // 9. The designer's balance: the designer's share moved from escrow to available (docs/product.md §6.6).
  const after = await balance();
  const share = 80 * (1 - after.feePercent / 100);
  expect(after.available - before.available).toBeCloseTo(share, 2);
  expect(before.escrow - after.escrow).toBeCloseTo(80, 2);
  await designer.goto('/orders?status=completed');
  await expect(designer.getByRole('table', { name: 'Completed' }).getByText(title)).toBeVisible();
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  await expect(designer.getByTestId('balance-available')).toHaveText(usd.format(after.available));
  await expect(designer.getByTestId('balance-escrow')).toHaveText(usd.format(after.escrow));
  await expectAccessible(designer);
  await designer.context().close();
});

test('a declined card and a refused 3-D Secure say so; an unknown payment type is not found', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await page.goto('/login');
  await logIn(page, DEMO_BUYER.email, DEMO_BUYER.password);
  await expect(page.getByText('Welcome back!')).toBeVisible();

  const services = (await (await page.request.get('/api/services?limit=50')).json()) as Array<{ _id: string; userID: { username: string }; unitOrArch: string }>;
  const service = services.find((s) => s.userID.username !== DEMO_BUYER.username && s.unitOrArch === 'unit')!;
  const intent = await page.request.post('/api/payments/intents', {
    data: { type: 'service', id: service._id, quantity: 1 },
    headers: { origin: baseURL! },
  });
  expect(intent.status()).toBe(201);
  const paymentId = ((await intent.json()) as { _id: string })._id;

  await page.goto(`/pay/service/${service._id}?payment=${paymentId}`);
  const fill = async (number: string) => {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry date').fill('');
    await page.getByLabel('Expiry date').pressSequentially(futureExpiry());
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Demo Buyer');
    await page.getByRole('button', { name: /^Pay / }).click();
  };
  await fill('4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');

  await fill('4000 0000 0000 3220');
  const bank = page.getByRole('dialog', { name: 'Confirm this payment with your bank' });
  await expect(bank).toBeVisible();
  await expectAccessible(page);
  await bank.getByRole('button', { name: 'Decline' }).click();
  await expect(bank).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText('The payment was not confirmed with your bank.');
  await expect(page).toHaveURL(new RegExp(`payment=${paymentId}$`));

  await page.goto('/pay/gift/123');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
